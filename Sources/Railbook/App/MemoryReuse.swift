import CMalloc

/// How the server's memory allocator gives memory back, set once before serving.
///
/// By default glibc hands the top of a heap back to the system as soon as 128 KiB of it are free,
/// and serves allocations from 128 KiB up (adjusted as it goes) with their own mappings. A server
/// that builds and frees pages of 30–100 KB on eight threads then maps and unmaps memory all the
/// time: every unmapping interrupts the other core to flush its address translations, and every
/// page touched again faults. Measured on the results page, that halved its rate once another
/// page had grown the heaps. So freed memory is kept for reuse up to 64 MiB per heap, and only
/// allocations of 4 MiB or more get mappings of their own. The resident size then follows the
/// peak of what the server held rather than the moment's, within the cache budget plus that.
enum MemoryReuse {
    static let trimThreshold: Int32 = 64 << 20
    static let mappingThreshold: Int32 = 4 << 20

    /// Sets the thresholds for this process.
    static func apply() {
        _ = mallopt(M_TRIM_THRESHOLD, trimThreshold)
        _ = mallopt(M_MMAP_THRESHOLD, mappingThreshold)
    }
}
