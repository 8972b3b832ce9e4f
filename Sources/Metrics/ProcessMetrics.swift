import Glibc

/// The standard `process_*` metrics of this process, read from `/proc` at each scrape: resident
/// and virtual memory, CPU seconds, open and allowed file descriptors, and the start time.
public enum ProcessMetrics {
    public static func write(to exposition: inout Exposition) {
        let stat = fields(ofFile: "/proc/self/stat")
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let pageSize = Double(sysconf(Int32(_SC_PAGESIZE)))
        if stat.count > 21, let user = Double(stat[13]), let system = Double(stat[14]) {
            exposition.family("process_cpu_seconds_total", "counter", help: "Total user and system CPU time spent in seconds.")
            exposition.sample("process_cpu_seconds_total", [], (user + system) / ticks)
            if let started = Double(stat[21]), let boot = bootTime() {
                exposition.family("process_start_time_seconds", "gauge", help: "Start time of the process since unix epoch in seconds.")
                exposition.sample("process_start_time_seconds", [], boot + started / ticks)
            }
        }
        let pages = fields(ofFile: "/proc/self/statm")
        if pages.count > 1, let virtual = Double(pages[0]), let resident = Double(pages[1]) {
            exposition.family("process_virtual_memory_bytes", "gauge", help: "Virtual memory size in bytes.")
            exposition.sample("process_virtual_memory_bytes", [], virtual * pageSize)
            exposition.family("process_resident_memory_bytes", "gauge", help: "Resident memory size in bytes.")
            exposition.sample("process_resident_memory_bytes", [], resident * pageSize)
        }
        exposition.family("process_open_fds", "gauge", help: "Number of open file descriptors.")
        exposition.sample("process_open_fds", [], openDescriptors())
        var limits = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0 {
            exposition.family("process_max_fds", "gauge", help: "Maximum number of open file descriptors.")
            exposition.sample("process_max_fds", [], Double(limits.rlim_cur))
        }
    }

    /// The space-separated fields of a `/proc` file; for `stat`, the command (in parentheses, which
    /// may hold spaces) is one field, so that field N of proc(5) is at index N − 1.
    private static func fields(ofFile path: String) -> [String] {
        guard let text = read(path) else { return [] }
        if let close = text.lastIndex(of: ")") {
            return ["pid", "comm"] + text[text.index(after: close)...].split(separator: " ").map(String.init)
        }
        return text.split(separator: " ").map(String.init)
    }

    /// When the machine booted, in seconds since the epoch (`btime` of `/proc/stat`).
    private static func bootTime() -> Double? {
        guard let text = read("/proc/stat") else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("btime ") {
            return Double(line.dropFirst("btime ".count).trimmingPrefixSpaces())
        }
        return nil
    }

    private static func openDescriptors() -> Int {
        guard let directory = opendir("/proc/self/fd") else { return 0 }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            if entry.pointee.d_name.0 != UInt8(ascii: ".") { count += 1 }
        }
        return max(0, count - 1) // the descriptor of the listing itself
    }

    private static func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Substring {
    fileprivate func trimmingPrefixSpaces() -> Substring { drop { $0 == " " } }
}
