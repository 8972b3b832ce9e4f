import Foundation
import Glibc
import Locking

/// The shipped `railbook` binary running as a child process: `railbook serve` on a free port of
/// 127.0.0.1 and a database file, so tests talk to the product exactly as it runs, over a socket.
/// Standard output and standard error are collected; the process is killed when this goes away.
public final class ServerProcess {
    /// The database file the server uses (a restart can reuse it).
    public let databaseLocation: String
    /// The port the server listens on.
    public private(set) var port = 0
    private let process = Process()
    private let output = ProcessOutput()

    /// The binary tests run: `RAILBOOK_BINARY` when set, else the debug build, else the release build.
    public static var binaryPath: String? {
        if let path = ProcessInfo.processInfo.environment["RAILBOOK_BINARY"] { return path }
        return [".build/debug/railbook", ".build/release/railbook"].map { TestSite.projectRoot + "/" + $0 }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts `railbook serve --port 0 --database FILE --root PROJECT --quiet` plus `arguments`, on a
    /// new database in a temporary folder unless `databaseLocation` is given, with `environment` added
    /// to this process's, and waits until it serves. With `logsRequests` it writes its access log
    /// (no `--quiet`).
    public init(
        arguments: [String] = [], databaseLocation: String? = nil, environment: [String: String] = [:],
        startTimeout: Double = 120, logsRequests: Bool = false
    ) throws {
        guard let binary = ServerProcess.binaryPath else {
            throw ServerProcessError("no railbook binary: build it first (swift build) or set RAILBOOK_BINARY")
        }
        self.databaseLocation = try databaseLocation ?? TestDatabase.newLocation()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments =
            ["serve", "--port", "0", "--database", self.databaseLocation, "--root", TestSite.projectRoot]
            + (logsRequests ? [] : ["--quiet"]) + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        try process.run()
        output.collect(from: pipe.fileHandleForReading.fileDescriptor)
        let line = try waitForOutput(matching: "Railbook is serving http://127.0.0.1:", timeout: startTimeout)
        guard let port = line.split(separator: ":").last.flatMap({ Int($0.prefix { $0.isNumber }) }) else {
            throw ServerProcessError("cannot read the port from '\(line)'")
        }
        self.port = port
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Runs `railbook` with `arguments` to its end (for commands that are expected to exit, a serve
    /// that cannot start among them), in `directory` when given (else this process's working
    /// directory); returns the exit status and what it wrote.
    public static func run(_ arguments: [String], in directory: String? = nil, timeout: Double = 60) throws -> (status: Int32, output: String) {
        guard let binary = binaryPath else { throw ServerProcessError("no railbook binary: build it first (swift build) or set RAILBOOK_BINARY") }
        return try runProgram(binary, arguments, in: directory, timeout: timeout)
    }

    /// Runs the program at `path` with `arguments` (and `environment` added to this process's) to its
    /// end, in `directory` when given; returns the exit status and what it wrote to standard output
    /// and standard error.
    public static func runProgram(
        _ path: String, _ arguments: [String], environment: [String: String] = [:], in directory: String? = nil,
        timeout: Double = 60
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory, isDirectory: true) }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        let output = ProcessOutput()
        try process.run()
        output.collect(from: pipe.fileHandleForReading.fileDescriptor)
        let deadline = Date(timeIntervalSinceNow: timeout)
        while process.isRunning || output.isOpen {
            guard Date() < deadline else {
                kill(process.processIdentifier, SIGKILL)
                throw ServerProcessError("\(path) \(arguments.joined(separator: " ")) did not end within \(timeout) s:\n\(output.text)")
            }
            output.waitForMore(seconds: 0.1)
        }
        process.waitUntilExit()
        return (process.terminationStatus, output.text)
    }

    /// A test browser talking to this server over its socket, giving up on an answer after `timeoutSeconds`.
    public func client(acceptLanguage: String = "zh-CN,zh;q=0.9", timeoutSeconds: Int = 60) -> TestClient {
        TestClient(port: port, acceptLanguage: acceptLanguage, timeoutSeconds: timeoutSeconds)
    }

    /// A test browser on this server holding the cookies `client` holds: the same visitor or
    /// logged-in user, coming back after a restart or through another server.
    public func client(like client: TestClient) -> TestClient {
        let browser = self.client()
        browser.cookies = client.cookies
        return browser
    }

    /// Everything the server has written so far, standard output and error together.
    public var log: String { output.text }

    /// The server's process id (a background job's lease names its holder by it).
    public var processID: Int32 { process.processIdentifier }

    /// Sends `signal` (SIGTERM, SIGINT, SIGKILL…) to the server.
    public func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits until a line of the output contains `text`; returns that line.
    @discardableResult
    public func waitForOutput(matching text: String, timeout: Double = 30) throws -> String {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            if let line = output.text.split(separator: "\n").first(where: { $0.contains(text) }) { return String(line) }
            if !process.isRunning, !output.isOpen {
                throw ServerProcessError("the server exited (status \(process.terminationStatus)) before saying '\(text)':\n\(log)")
            }
            output.waitForMore(seconds: 0.2)
        }
        throw ServerProcessError("the server did not say '\(text)' within \(timeout) s:\n\(log)")
    }

    /// Waits for the process to end; returns its exit status (a signal that killed it counts as 128 + signal).
    public func waitForExit(timeout: Double = 30) throws -> Int32 {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while process.isRunning {
            guard Date() < deadline else { throw ServerProcessError("the server did not exit within \(timeout) s:\n\(log)") }
            usleep(20_000)
        }
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }
}

/// Why a server process could not be used.
public struct ServerProcessError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// The bytes a child process writes, read on a thread of their own until the pipe closes.
final class ProcessOutput: Sendable {
    private struct State {
        var bytes: [UInt8] = []
        var isOpen = true
    }

    private let state = Locked(State())

    var text: String { state.withLock { String(decoding: $0.bytes, as: UTF8.self) } }
    var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Reads `descriptor` until end of file, on a new thread.
    func collect(from descriptor: Int32) {
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                let chunk = count > 0 ? Array(buffer[0..<count]) : []
                state.withLock { state in
                    state.bytes += chunk
                    if count <= 0 { state.isOpen = false }
                }
                state.broadcast()
                if count <= 0 { return }
            }
        }
        thread.start()
    }

    /// Waits until more output arrives or `seconds` pass.
    func waitForMore(seconds: Double) {
        let seen = state.withLock { $0.bytes.count }
        state.withLock(waitingUntil: { $0.bytes.count > seen }, timeout: seconds) { _ in }
    }
}
