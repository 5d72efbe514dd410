import LimelightCore
import Testing

/// Set operations on ascending document lists.
@Suite struct DocumentSetsTests {
    @Test func lowerBoundFindsTheFirstValueNotBelowTheTarget() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let values = (0..<Int.random(in: 0...60, using: &generator)).map { _ in UInt32.random(in: 0...200, using: &generator) }.sorted()
            let start = Int.random(in: 0...values.count, using: &generator)
            let target = UInt32.random(in: 0...210, using: &generator)
            let expected = values.indices.dropFirst(start).first { values[$0] >= target } ?? values.count
            #expect(DocumentSets.lowerBound(values, target, from: start) == expected, "\(values) from \(start) target \(target)")
        }
    }

    @Test func unionAndSubtractKeepOrder() {
        #expect(DocumentSets.union([1, 3, 5], [2, 3, 6]) == [1, 2, 3, 5, 6])
        #expect(DocumentSets.subtract([1, 2, 3, 5], [2, 5]) == [1, 3])
    }
}
