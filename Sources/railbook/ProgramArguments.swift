import Glibc

/// The arguments the program was started with, after its name. Swift's runtime finds no arguments
/// at all when libfaketime is preloaded (as the tests do to run a server with its clock moved); the
/// kernel's copy in `/proc/self/cmdline` still has them.
func programArguments() -> [String] {
    if !CommandLine.arguments.isEmpty { return Array(CommandLine.arguments.dropFirst()) }
    guard let file = fopen("/proc/self/cmdline", "r") else { return [] }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes += buffer[0..<count]
    }
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    return Array(arguments.dropFirst())
}
