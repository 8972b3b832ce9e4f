import HTTP
import XCTest

struct TestContext: RequestContext {
    var parameters = Parameters()
    var trail: [String] = []
}

struct TrailMiddleware: Middleware {
    let name: String
    func respond(to request: Request, context: inout TestContext, next: Responder<TestContext>) throws -> Response {
        context.trail.append(name)
        var response = try next(request, &context)
        response.headers.add("X-Trail", context.trail.joined(separator: ","))
        return response
    }
}

final class RouterTests: XCTestCase {
    private func route(_ router: Router<TestContext>, _ method: HTTPMethod, _ target: String) throws -> Response {
        var context = TestContext()
        return try router.handle(try Request(method: method, target: target), context: &context)
    }

    func testPathParametersAreDecodedAndPassed() throws {
        let router = Router<TestContext>()
        router.get("/orders/:number") { _, context in .text("order \(context.parameters["number"] ?? "?")") }
        router.get("/orders/new") { _, _ in .text("new order") }
        XCTAssertEqual(String(decoding: try route(router, .get, "/orders/E1234").body, as: UTF8.self), "order E1234")
        XCTAssertEqual(String(decoding: try route(router, .get, "/orders/new").body, as: UTF8.self), "new order")
        XCTAssertEqual(String(decoding: try route(router, .get, "/orders/%E4%B8%AD").body, as: UTF8.self), "order 中")
    }

    func testUnknownPathIsNotFound() {
        let router = Router<TestContext>()
        router.get("/") { _, _ in .text("home") }
        XCTAssertThrowsError(try route(router, .get, "/missing")) { error in
            XCTAssertEqual((error as? HTTPError)?.status, .notFound)
        }
    }

    func testWrongMethodIsMethodNotAllowedWithAllow() {
        let router = Router<TestContext>()
        router.get("/login") { _, _ in .text("form") }
        router.post("/login") { _, _ in .text("posted") }
        XCTAssertThrowsError(try route(router, .delete, "/login")) { error in
            let httpError = error as? HTTPError
            XCTAssertEqual(httpError?.status, .methodNotAllowed)
            XCTAssertEqual(httpError?.allowedMethods.map(\.rawValue), ["GET", "POST", "HEAD"])
        }
        XCTAssertThrowsError(try route(router, HTTPMethod(rawValue: "BREW"), "/login")) { error in
            XCTAssertEqual((error as? HTTPError)?.status, .methodNotAllowed)
        }
    }

    func testHeadIsAnsweredByGet() throws {
        let router = Router<TestContext>()
        router.get("/") { _, _ in .text("home") }
        XCTAssertEqual(try route(router, .head, "/").status, .ok)
    }

    func testGroupsPrefixPathsAndRunTheirMiddlewareInOrder() throws {
        let router = Router<TestContext>()
        let admin = router.group("/admin").adding(TrailMiddleware(name: "outer")).adding(TrailMiddleware(name: "inner"))
        admin.get("/stations/:code") { _, context in .text(context.parameters["code"] ?? "") }
        let response = try route(router, .get, "/admin/stations/VNP")
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "VNP")
        XCTAssertEqual(response.headers.values("X-Trail"), ["outer,inner", "outer,inner"])
        XCTAssertThrowsError(try route(router, .get, "/stations/VNP"))
    }

    func testMiddlewareChainCanAnswerWithoutCallingNext() throws {
        struct Gate: Middleware {
            func respond(to request: Request, context: inout TestContext, next: Responder<TestContext>) throws -> Response {
                request.path == "/closed" ? .text("closed", status: .forbidden) : try next(request, &context)
            }
        }
        var chain = MiddlewareChain<TestContext>()
        chain.add(Gate())
        var context = TestContext()
        let endpoint: Responder<TestContext> = { _, _ in .text("open") }
        XCTAssertEqual(try chain.respond(to: try Request(method: .get, target: "/closed"), context: &context, endpoint: endpoint).status, .forbidden)
        XCTAssertEqual(try chain.respond(to: try Request(method: .get, target: "/open"), context: &context, endpoint: endpoint).status, .ok)
    }
}
