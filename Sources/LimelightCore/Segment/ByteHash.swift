/// A fast, well-mixed 64-bit hash of `bytes`, eight bytes at a time (multiply-xorshift mixing).
///
/// Not cryptographic and not seeded: used for in-memory hash tables and for the key filters that
/// segments store, so its values must never change for a given segment format version.
@inline(__always)
func byteHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var state = UInt64(bytes.count) &* multiplier
    var index = 0
    while index + 8 <= bytes.count {
        state = (state ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))) &* multiplier
        state ^= state >> 29
        index += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while index < bytes.count {
        tail |= UInt64(bytes[index]) << shift
        shift += 8
        index += 1
    }
    state = (state ^ tail) &* multiplier
    state ^= state >> 32
    state = state &* 0xD6E8_FEB8_6659_FD93
    state ^= state >> 32
    return state
}
