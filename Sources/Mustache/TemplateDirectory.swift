#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads template sources from a folder tree with plain POSIX calls (no Foundation).
enum TemplateDirectory {
    static let fileExtension = ".mustache"

    /// Every `*.mustache` file under `directory`, keyed by its relative path without the extension
    /// (`"home/index"`). Entries whose names start with `.` are skipped.
    static func sources(in directory: String) throws(TemplateError) -> [String: [UInt8]] {
        var sources: [String: [UInt8]] = [:]
        try collect(directory: directory, namePrefix: "", into: &sources)
        return sources
    }

    private static func collect(
        directory: String, namePrefix: String, into sources: inout [String: [UInt8]]
    ) throws(TemplateError) {
        guard let stream = opendir(directory) else {
            throw TemplateError(.unreadable(path: directory), template: namePrefix, line: 0)
        }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if entryName.hasPrefix(".") { continue }
            let path = directory.hasSuffix("/") ? directory + entryName : directory + "/" + entryName
            var status = stat()
            guard stat(path, &status) == 0 else {
                throw TemplateError(.unreadable(path: path), template: namePrefix + entryName, line: 0)
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                try collect(directory: path, namePrefix: namePrefix + entryName + "/", into: &sources)
            } else if entryName.hasSuffix(fileExtension) {
                let name = namePrefix + entryName.dropLast(fileExtension.count)
                guard let bytes = contents(ofFile: path) else {
                    throw TemplateError(.unreadable(path: path), template: name, line: 0)
                }
                sources[name] = bytes
            }
        }
    }

    private static func contents(ofFile path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            bytes += chunk[0..<count]
        }
    }
}
