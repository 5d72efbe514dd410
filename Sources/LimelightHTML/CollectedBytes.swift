/// Bytes a tokenizer state collects (a tag name, an attribute name or value). While they are
/// one unmodified run of the input only its range is kept, so the usual case copies nothing
/// before the final string is made; the first byte that is not the run's continuation moves
/// the run into a buffer of its own.
struct CollectedBytes {
    private var runStart = 0
    private var runEnd = 0
    private var copy: [UInt8] = []
    private var isCopied = false

    /// Forgets everything collected (keeping the buffer's capacity).
    mutating func removeAll() {
        runStart = 0
        runEnd = 0
        isCopied = false
        copy.removeAll(keepingCapacity: true)
    }

    /// Appends `input[range]`, only widening the kept range when it continues the run.
    mutating func appendInput(_ range: Range<Int>, of input: [UInt8]) {
        guard !range.isEmpty else { return }
        if !isCopied {
            if runStart == runEnd {
                runStart = range.lowerBound
                runEnd = range.upperBound
                return
            }
            if runEnd == range.lowerBound {
                runEnd = range.upperBound
                return
            }
            moveRunIntoCopy(input)
        }
        copy.append(contentsOf: input[range])
    }

    /// Appends one byte that does not come from the input at this place.
    mutating func append(_ byte: UInt8, input: [UInt8]) {
        moveRunIntoCopy(input)
        copy.append(byte)
    }

    /// Appends bytes that do not come from the input at this place.
    mutating func append(contentsOf bytes: [UInt8], input: [UInt8]) {
        moveRunIntoCopy(input)
        copy.append(contentsOf: bytes)
    }

    /// Lets `write` append to the collected bytes directly.
    mutating func appendCopied(input: [UInt8], _ write: (inout [UInt8]) -> Void) {
        moveRunIntoCopy(input)
        write(&copy)
    }

    private mutating func moveRunIntoCopy(_ input: [UInt8]) {
        guard !isCopied else { return }
        copy.append(contentsOf: input[runStart..<runEnd])
        isCopied = true
    }

    /// The collected bytes; `input` must be the input the kept range refers to.
    func bytes(in input: [UInt8]) -> ArraySlice<UInt8> {
        isCopied ? copy[...] : input[runStart..<runEnd]
    }

    /// The collected bytes as a string.
    func string(in input: [UInt8]) -> String {
        String(decoding: bytes(in: input), as: UTF8.self)
    }
}
