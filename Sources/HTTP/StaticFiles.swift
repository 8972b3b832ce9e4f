import Foundation

/// Serves the files of a folder (the site's `Public/`) from memory, loaded once at start-up:
/// MIME types, strong `ETag`, `If-None-Match` → 304, `Cache-Control`. Paths with `..`,
/// backslashes or NUL bytes are refused with 400; anything else not found goes to the next step.
public struct StaticFiles<Context: RequestContext>: Middleware {
    private let files: [String: StaticFile]

    /// Loads every file under `directory`, served at `/` + its relative path.
    public init(directory: String) throws {
        var files: [String: StaticFile] = [:]
        let root = URL(fileURLWithPath: directory).standardizedFileURL
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let relative = url.standardizedFileURL.path.dropFirst(root.path.count)
            let data = try Data(contentsOf: url)
            files[String(relative)] = StaticFile(body: Array(data), contentType: MIMEType.of(url.pathExtension))
        }
        self.files = files
    }

    /// What the access log and the metrics call the route of a static file.
    public static var route: String { "(static)" }

    /// The URL paths served, sorted.
    public var paths: [String] { files.keys.sorted() }

    public func respond(to request: Request, context: inout Context, next: Responder<Context>) throws -> Response {
        guard request.method == .get || request.method == .head else { return try next(request, &context) }
        let path = request.path
        if path.utf8.contains(UInt8(ascii: "\\")) || path.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) {
            throw HTTPError(.badRequest)
        }
        guard let file = files[path] else { return try next(request, &context) }
        var headers = Headers()
        headers.add("ETag", file.entityTag)
        headers.add("Cache-Control", "public, max-age=3600")
        if let tags = request.headers["If-None-Match"],
            tags == "*" || tags.split(separator: ",").contains(where: { $0.trimmingSpaces == file.entityTag })
        {
            var response = Response(status: .notModified, headers: headers)
            response.route = Self.route
            return response
        }
        headers.add("Content-Type", file.contentType)
        var response = Response(status: .ok, headers: headers, body: file.body)
        response.route = Self.route
        return response
    }
}

/// One file held in memory.
struct StaticFile: Sendable {
    let body: [UInt8]
    let contentType: String
    /// A strong validator: a 64-bit FNV-1a hash of the content, quoted.
    let entityTag: String

    init(body: [UInt8], contentType: String) {
        self.body = body
        self.contentType = contentType
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        entityTag = "\"" + String(hash, radix: 16) + "-" + String(body.count, radix: 16) + "\""
    }
}

/// Content types by file extension.
enum MIMEType {
    static func of(_ fileExtension: String) -> String {
        switch fileExtension.lowercased() {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "html": "text/html; charset=utf-8"
        case "txt": "text/plain; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "ico": "image/x-icon"
        case "json": "application/json"
        case "webmanifest": "application/manifest+json"
        case "woff2": "font/woff2"
        case "pdf": "application/pdf"
        default: "application/octet-stream"
        }
    }
}
