import Foundation
import HTTP
import Locking

/// Keeps one copy of every distinct HTML page the tests render, for the W3C validator and the
/// accessibility checks that `make test` runs afterwards (`Tests/Browser`).
///
/// Off unless the environment names a folder in `RAILBOOK_PAGE_ARCHIVE`. Two renders are the same
/// page when they share the method, the route (path segments holding digits count as one), the
/// query's parameter names, the status, the language and the set of element kinds they use
/// (tag, class, role, input type), so a list of 3 or 30 orders is one page while a paid and an
/// unpaid order page are two. `index.tsv` names the request each file came from.
public final class PageArchive: Sendable {
    /// The archive the environment asks for, or nil when it asks for none.
    public static let shared: PageArchive? = ProcessInfo.processInfo.environment["RAILBOOK_PAGE_ARCHIVE"]
        .flatMap { $0.isEmpty ? nil : PageArchive(directory: $0) }

    /// At most this many variants of one route, status and language are kept.
    static let variantsPerRoute = 10

    let directory: String
    /// The files kept, and how many variants of each route.
    private let kept = Locked((names: Set<String>(), variants: [String: Int]()))

    /// An archive writing into `directory` (created when missing).
    public init(directory: String) {
        self.directory = directory
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// Keeps `body` when it is an HTML page not seen yet.
    public func keep(method: HTTPMethod, target: String, status: Status, headers: Headers, body: [UInt8]) {
        guard !body.isEmpty, headers["Content-Type"]?.hasPrefix("text/html") == true else { return }
        let shape = PageShape(html: body)
        let route = "\(method.rawValue) \(Self.route(of: target)) \(status.code) \(shape.language)"
        let name = Self.fileName(route: route, shapeHash: shape.hash)
        kept.withLock { kept in
            guard !kept.names.contains(name), kept.variants[route, default: 0] < Self.variantsPerRoute else { return }
            kept.names.insert(name)
            kept.variants[route, default: 0] += 1
            _ = FileManager.default.createFile(atPath: directory + "/" + name, contents: Data(body))
            let line = "\(name)\t\(method.rawValue) \(target)\t\(status.code)\n"
            Self.append(line, to: directory + "/index.tsv")
        }
    }

    /// The path with every segment holding a digit replaced by `:n`, then the sorted query names.
    static func route(of target: String) -> String {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts[0].split(separator: "/", omittingEmptySubsequences: false)
            .map { segment in segment.contains(where: \.isNumber) ? ":n" : String(segment) }
            .joined(separator: "/")
        guard parts.count == 2 else { return path }
        let names = Set(parts[1].split(separator: "&").map { $0.split(separator: "=").first.map(String.init) ?? "" })
        return path + "?" + names.sorted().joined(separator: "&")
    }

    /// A file name a person can read: the route as a slug plus a hash of the route and shape.
    static func fileName(route: String, shapeHash: UInt64) -> String {
        var slug = ""
        for character in route.unicodeScalars.prefix(80) {
            slug.unicodeScalars.append(CharacterSet.alphanumerics.contains(character) && character.isASCII ? character : "_")
        }
        let hash = PageShape.fnv1a(Array(route.utf8), seed: shapeHash)
        return slug + "-" + String(hash, radix: 16) + ".html"
    }

    private static func append(_ line: String, to path: String) {
        if let handle = FileHandle(forWritingAtPath: path) {
            handle.seekToEndOfFile()
            handle.write(Data(line.utf8))
            handle.closeFile()
        } else {
            _ = FileManager.default.createFile(atPath: path, contents: Data(line.utf8))
        }
    }
}
