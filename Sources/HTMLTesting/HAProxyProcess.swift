import Foundation
import Glibc

/// HAProxy (Debian's `haproxy`) as a child process in front of `railbook serve` processes, with the
/// configuration `make cluster` runs it with (`scripts/haproxy-config.sh`): round robin over the
/// servers on 127.0.0.1, each checked with `GET /ready` every second (two failures take it out,
/// two successes bring it back), a connection that cannot be made tried again on another server,
/// and the statistics page. It listens on a free port of 127.0.0.1, writes its configuration to a
/// temporary folder, and is killed when this goes away.
public final class HAProxyProcess {
    /// The port HAProxy listens on.
    public let port: Int
    /// The configuration file it runs with.
    public let configurationPath: String
    private let process = Process()
    private let output = ProcessOutput()

    /// The `haproxy` program: on the `PATH`, or where Debian installs it; nil when not installed.
    public static var binaryPath: String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/local/sbin"]
        return folders.map { $0 + "/haproxy" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts HAProxy sending requests to the servers on `backendPorts` of 127.0.0.1, and waits until
    /// it answers `GET /health` through one of them.
    public init(backendPorts: [Int], startTimeout: Double = 30) throws {
        guard let binary = HAProxyProcess.binaryPath else {
            throw ServerProcessError("HAProxy is not installed (on Debian: apt-get install haproxy)")
        }
        port = try HAProxyProcess.freePort()
        configurationPath = try TestSite.temporaryDirectory() + "/haproxy.cfg"
        // 256 connections need some 520 descriptors: within the usual limit of 1024 open files.
        let made = try ServerProcess.runProgram(
            "/bin/bash",
            [TestSite.projectRoot + "/scripts/haproxy-config.sh", String(port), "256"]
                + backendPorts.map(String.init), environment: ["HAPROXY_STATS": "1"])
        guard made.status == 0 else { throw ServerProcessError("scripts/haproxy-config.sh failed:\n\(made.output)") }
        try made.output.write(toFile: configurationPath, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["-db", "-f", configurationPath]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        output.collect(from: pipe.fileHandleForReading.fileDescriptor)
        let deadline = Date(timeIntervalSinceNow: startTimeout)
        while (try? client(timeoutSeconds: 2).get("/health").status.code) != 200 {
            guard process.isRunning, Date() < deadline else {
                stop()
                throw ServerProcessError("HAProxy did not answer GET /health within \(startTimeout) s:\n\(log)")
            }
            output.waitForMore(seconds: 0.1)
        }
    }

    deinit {
        stop()
    }

    /// A test browser talking to the servers through HAProxy, giving up on an answer after `timeoutSeconds`.
    public func client(acceptLanguage: String = "zh-CN,zh;q=0.9", timeoutSeconds: Int = 60) -> TestClient {
        TestClient(port: port, acceptLanguage: acceptLanguage, timeoutSeconds: timeoutSeconds)
    }

    /// What HAProxy says of each server now, from its statistics page: whether it takes requests
    /// (`UP`, `DOWN`, …) and how many connections it was given in all, by server port.
    public func servers() throws -> [Int: (status: String, connections: Int)] {
        let answer = try client(timeoutSeconds: 5).get("/haproxy-stats;csv")
        guard answer.status.code == 200 else { throw ServerProcessError("HAProxy's statistics answered \(answer.status.code)") }
        let lines = answer.text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first?.map({ $0.replacingOccurrences(of: "# ", with: "") }),
            let name = header.firstIndex(of: "svname"), let status = header.firstIndex(of: "status"),
            let total = header.firstIndex(of: "stot")
        else { throw ServerProcessError("HAProxy's statistics have no server columns") }
        var servers: [Int: (status: String, connections: Int)] = [:]
        for row in lines.dropFirst() where row.count > max(name, status, total) && row[name].hasPrefix("railbook-") {
            guard let port = Int(row[name].dropFirst("railbook-".count)) else { continue }
            servers[port] = (row[status], Int(row[total]) ?? 0)
        }
        return servers
    }

    /// Everything HAProxy has written so far (its warnings and alerts).
    public var log: String { output.text }

    /// Stops HAProxy at once (its connections are closed) and waits for it to exit.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// A port of 127.0.0.1 that nothing listens on now (the kernel's choice for port 0).
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ServerProcessError("socket: errno \(errno)") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let found = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard found else { throw ServerProcessError("cannot find a free port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
