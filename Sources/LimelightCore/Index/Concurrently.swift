import Dispatch

/// Runs `first` and `second` at the same time (one of them on the calling thread) and returns both
/// results once both have finished. When either throws, the error is rethrown after both finish
/// (`first`'s error when both throw).
///
/// The calling thread blocks until both are done: call it from threads that may block, not from
/// async code on the cooperative pool.
func concurrently<First: Sendable, Second: Sendable>(
    _ first: @Sendable () throws -> First, _ second: @Sendable () throws -> Second
) throws -> (First, Second) {
    let results = ResultPair<First, Second>()
    DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 { results.first = Result { try first() } } else { results.second = Result { try second() } }
    }
    return (try results.first!.get(), try results.second!.get())
}

/// The two results of ``concurrently(_:_:)``; each slot is written by one thread only and read
/// after both have joined.
private final class ResultPair<First, Second>: @unchecked Sendable {
    var first: Result<First, Error>?
    var second: Result<Second, Error>?
}

/// Maps the indices `0..<count` with `transform` on up to `workers` threads, keeping their order.
/// The calling thread blocks until every element is done (see ``concurrently(_:_:)``).
public func concurrentMap<Element: Sendable>(count: Int, workers: Int = 2, _ transform: @Sendable (Int) -> Element) -> [Element] {
    guard workers > 1, count > 1 else { return (0..<count).map(transform) }
    let chunks = min(workers, count)
    let parts = ResultParts<Element>(count: chunks)
    defer { parts.release() }
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
        let range = (count * chunk / chunks)..<(count * (chunk + 1) / chunks)
        parts.buffer[chunk] = range.map(transform)
    }
    return parts.buffer.flatMap { $0 }
}

/// The chunks of ``concurrentMap(count:workers:_:)``: one buffer element per chunk, each written by
/// one thread only and read after all have joined.
private struct ResultParts<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<[Element]>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: [])
    }

    func release() {
        _ = buffer.deinitialize()
        buffer.deallocate()
    }
}
