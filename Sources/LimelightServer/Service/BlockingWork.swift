import Dispatch

/// Runs blocking store work (fsync, snapshot reads) on a dispatch queue, so that it never occupies
/// a thread of Swift concurrency's cooperative pool or the server's event loops.
enum BlockingWork {
    private static let queue = DispatchQueue(label: "limelightd.store", qos: .userInitiated, attributes: .concurrent)

    /// Runs `work` off the cooperative pool and returns its result.
    static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }
}
