import Foundation
import HTMLTesting
import HTTP
import Railbook
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The whole site over a real socket: the application behind the libmicrohttpd server.
final class SocketTests: XCTestCase {
    func testHomePageAndStylesheetOverHTTP() throws {
        let application = try TestSite.makeApplication()
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.logsRequests = false
        let server = Server(responder: application, configuration: configuration)
        try server.start()
        defer {
            server.stop()
            application.shutdown()
        }

        let home = try fetch("http://127.0.0.1:\(server.port)/", headers: ["Accept-Language": "en", "Cookie": "welcomed=1"])
        XCTAssertEqual(home.response.statusCode, 200)
        XCTAssertNotNil(home.response.value(forHTTPHeaderField: "Date"))
        XCTAssertEqual(home.response.value(forHTTPHeaderField: "Content-Length"), String(home.body.count))
        XCTAssertEqual(try HTMLDocument(html: home.body).text("//h1"), "Where are you travelling?")

        let css = try fetch("http://127.0.0.1:\(server.port)/css/site.css")
        let tag = try XCTUnwrap(css.response.value(forHTTPHeaderField: "ETag"))
        let again = try fetch("http://127.0.0.1:\(server.port)/css/site.css", headers: ["If-None-Match": tag])
        XCTAssertEqual(again.response.statusCode, 304)

        let missing = try fetch("http://127.0.0.1:\(server.port)/nowhere")
        XCTAssertEqual(missing.response.statusCode, 404)
        XCTAssertNoThrow(try HTMLDocument(html: missing.body))
    }

    func testMigrateCommandCreatesTheDatabase() throws {
        let directory = try TestSite.temporaryDirectory()
        let database = directory + "/fresh.sqlite"
        XCTAssertEqual(RailbookCommand.run(arguments: ["migrate", "--database", database, "--root", TestSite.projectRoot]), 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: database))
    }

    private func fetch(_ address: String, headers: [String: String] = [:]) throws -> (response: HTTPURLResponse, body: [UInt8]) {
        var request = URLRequest(url: URL(string: address)!)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.cachePolicy = .reloadIgnoringLocalCacheData
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: (HTTPURLResponse, [UInt8])?
        nonisolated(unsafe) var failure: Error?
        URLSession.shared.dataTask(with: request) { data, response, error in
            if let response = response as? HTTPURLResponse { result = (response, Array(data ?? Data())) }
            failure = error
            done.signal()
        }.resume()
        done.wait()
        if let failure { throw failure }
        return try XCTUnwrap(result)
    }
}
