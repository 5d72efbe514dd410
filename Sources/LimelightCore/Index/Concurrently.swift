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
