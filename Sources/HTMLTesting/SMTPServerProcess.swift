import Foundation
import Glibc

/// A real SMTP server for the mail tests: Debian's aiosmtpd on a free port of 127.0.0.1, writing
/// every message it accepts to a folder in order of arrival (`Tests/Support/smtp_recorder.py`),
/// taking mail only after AUTH when made with credentials. It can be stopped and started again on
/// the same port and folder, as a relay that goes away and comes back; it is killed when this goes away.
public final class SMTPServerProcess {
    /// The port it listens on, and the relay URL `railbook serve --smtp` takes.
    public let port: Int
    public var url: String { "smtp://" + (credentials.map { $0 + "@" } ?? "") + "127.0.0.1:\(port)" }
    /// `user:password` the server asks for, or nil for none.
    public let credentials: String?
    /// Where the messages go: `0001.eml`, `0002.eml`…
    public let folder: String
    private var process: Process?
    private let output = ProcessOutput()

    /// Debian's Python, which has aiosmtpd (`apt-get install python3-aiosmtpd`); nil without it.
    public static var pythonPath: String? {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python),
            (try? ServerProcess.runProgram(python, ["-c", "import aiosmtpd"], timeout: 30).status) == 0
        else { return nil }
        return python
    }

    /// Starts the server (asking for `credentials`, `user:password`, when given) and waits until it takes connections.
    public init(credentials: String? = nil) throws {
        self.credentials = credentials
        port = try HAProxyProcess.freePort()
        folder = try TestSite.temporaryDirectory() + "/received"
        try start()
    }

    deinit {
        stop()
    }

    /// Starts the server (again) on its port and folder.
    public func start(timeout: Double = 30) throws {
        guard let python = SMTPServerProcess.pythonPath else {
            throw ServerProcessError("aiosmtpd is not installed (on Debian: apt-get install python3-aiosmtpd)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [TestSite.projectRoot + "/Tests/Support/smtp_recorder.py", String(port), folder] + (credentials.map { [$0] } ?? [])
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        output.collect(from: pipe.fileHandleForReading.fileDescriptor)
        self.process = process
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !SMTPServerProcess.accepts(port: port) {
            guard process.isRunning, Date() < deadline else {
                stop()
                throw ServerProcessError("aiosmtpd did not listen on port \(port) within \(timeout) s:\n\(output.text)")
            }
            usleep(100_000)
        }
    }

    /// Stops the server: connections to its port are refused until `start`.
    public func stop() {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    /// The messages received so far, in order of arrival, each as its text (CRLF lines).
    public func messages() throws -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return try names.filter { $0.hasSuffix(".eml") }.sorted().map { try String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }
    }

    /// Waits until at least `count` messages arrived; returns them all.
    public func waitForMessages(_ count: Int, timeout: Double = 60) throws -> [String] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let received = try messages()
            if received.count >= count { return received }
            guard Date() < deadline else {
                throw ServerProcessError("\(received.count) of \(count) messages arrived within \(timeout) s:\n\(output.text)")
            }
            usleep(100_000)
        }
    }

    private static func accepts(port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
