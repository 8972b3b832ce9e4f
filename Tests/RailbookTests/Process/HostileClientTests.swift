import Foundation
import Glibc
import HTMLTesting
import HTTP
import Railbook
import Synchronization
import XCTest

/// The shipped server under a hostile client on loopback: 1,100 slow connections from one address
/// and a flood of logins leave the home page answered for everybody else, within a few seconds
/// rather than after the attack, and targets with thousands of parameters are answered at once. (How fast it stays is measured by `make bench SECTIONS=hostile`;
/// this proves it is not taken away.)
final class HostileClientTests: XCTestCase {
    /// Raises this process's open-file limit for the many connections the attacker holds.
    private func allowManySockets() {
        var limits = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits)
        limits.rlim_cur = min(limits.rlim_max, 8192)
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits)
    }

    func testSlowConnectionsFromOneAddressLeaveTheSiteToEveryoneElse() throws {
        allowManySockets()
        let server = try ServerProcess(arguments: ["--head-seconds", "4"])
        let visitor = server.client(timeoutSeconds: 5)
        XCTAssertEqual(try visitor.get("/").status, .ok)
        var held: [TestSocket] = []
        var refused = 0
        for _ in 0..<1_100 {
            guard let socket = try? TestSocket(port: server.port, from: "127.0.0.2", timeoutSeconds: 1) else {
                refused += 1
                continue
            }
            try? socket.send("GET / HTTP/1.1\r\nHost: x\r\n")
            held.append(socket)
        }
        for second in 0..<6 {
            for socket in held { try? socket.send("X-Slow-\(second): y\r\n") }
            XCTAssertEqual(try visitor.get("/").status, .ok, "the home page was not answered \(second) s into the attack")
            usleep(1_000_000)
        }
        let stillOpen = held.filter { $0.isOpen(waitingMilliseconds: 0) }.count
        XCTAssertEqual(stillOpen, 0, "connections that never finished a head outlived the 4-second head deadline")
        XCTAssertEqual(refused, 0, "connecting was refused (the kernel backlog was full)")
        XCTAssertFalse(server.log.contains("error:"), server.log)
    }

    func testAFloodOfLoginsLeavesPagesAnswered() throws {
        let server = try ServerProcess()
        let attacker = server.client()
        let login = try attacker.get("/login")
        let csrf = try XCTUnwrap(try login.document().node("//form[@action='/login']//input[@name='csrf']")?.attribute("value"))
        let cookies = attacker.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        let port = server.port
        let statuses = Mutex<[Int: Int]>([:])
        let flooding = Atomic<Bool>(true)
        let finished = DispatchSemaphore(value: 0)
        let flooders = (0..<30).map { worker in
            Thread {
                defer { finished.signal() }
                var number = 0
                while flooding.load(ordering: .relaxed) {
                    number += 1
                    let body = FormSubmission.encode([("csrf", csrf), ("login", "guess_\(worker)_\(number)"), ("password", "Wrong2026!")])
                    var headers = Headers()
                    headers.add("Cookie", cookies)
                    headers.add("Content-Type", "application/x-www-form-urlencoded")
                    let answer = try? SocketTransport(port: port).exchange(.post, "/login", headers: headers, body: Array(body.utf8))
                    statuses.withLock { $0[answer?.status.code ?? 0, default: 0] += 1 }
                }
            }
        }
        flooders.forEach { $0.start() }
        let visitor = server.client(timeoutSeconds: 5)
        for _ in 0..<20 {
            XCTAssertEqual(try visitor.get("/").status, .ok, "the home page was not answered during the login flood")
            usleep(250_000)
        }
        flooding.store(false, ordering: .relaxed)
        for _ in flooders { finished.wait() }
        let counted = statuses.withLock { $0 }
        XCTAssertNil(counted[0], "logins went unanswered: \(counted)")
        XCTAssertGreaterThan(counted[503] ?? 0, 0, "30 logins at once never filled the password queue (16): \(counted)")
        XCTAssertTrue(Set(counted.keys).isSubset(of: [422, 429, 503]), "\(counted)")
    }

    func testTargetsWithThousandsOfParametersAreAnsweredAtOnce() throws {
        let server = try ServerProcess()
        let browserHead =
            "Host: 127.0.0.1\r\nUser-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36\r\n"
            + "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8\r\nAccept-Language: zh-CN,zh;q=0.9\r\n"
        for (path, count) in [("/search", 951), ("/no/such/page", 2_000), ("/", Request.parameterLimit + 1)] {
            let socket = try TestSocket(port: server.port, timeoutSeconds: 5)
            let query = Array(repeating: "a=1", count: count).joined(separator: "&")
            try socket.send("GET \(path)?\(query) HTTP/1.1\r\n\(browserHead)Connection: close\r\n\r\n")
            let answer = String(decoding: try socket.receiveAll(), as: UTF8.self)
            XCTAssertTrue(answer.hasPrefix("HTTP/1.1 414"), "\(path) with \(count) parameters: \(answer.prefix(60))")
            XCTAssertTrue(answer.contains("200"), "the page does not say how many parameters are taken")
        }
        XCTAssertEqual(try server.client().get("/").status, .ok)
        XCTAssertFalse(server.log.contains("error:"), server.log)
    }
}
