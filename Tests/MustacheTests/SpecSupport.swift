import Foundation
import Mustache
import XCTest

/// Loads the official Mustache spec files from `../shared/mustache-spec` beside the repository.
enum MustacheSpec {
    /// One test of a spec file.
    struct Case {
        let name: String
        let template: String
        let partials: [String: String]
        let data: MustacheValue
        let expected: String
    }

    /// The spec folder, found from this source file's real location (the test folder may be a symlink).
    static func directory(filePath: String = #filePath) throws -> URL {
        let testFile = URL(fileURLWithPath: filePath).resolvingSymlinksInPath()
        let repository = testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let directory = repository.appendingPathComponent("../shared/mustache-spec").standardizedFileURL
        guard FileManager.default.fileExists(atPath: directory.path) else {
            throw XCTSkip("../shared/mustache-spec not found: \(directory.path)")
        }
        return directory
    }

    /// The cases of `file` (such as `"sections"`), in file order.
    static func cases(in file: String) throws -> [Case] {
        let url = try directory().appendingPathComponent(file + ".json")
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let tests = try XCTUnwrap(root["tests"] as? [[String: Any]])
        return try tests.map { test in
            Case(
                name: try XCTUnwrap(test["name"] as? String),
                template: try XCTUnwrap(test["template"] as? String),
                partials: test["partials"] as? [String: String] ?? [:],
                data: try value(fromJSON: test["data"] as Any),
                expected: try XCTUnwrap(test["expected"] as? String)
            )
        }
    }

    /// Converts a JSONSerialization result; booleans are told from numbers by their Objective-C type code.
    static func value(fromJSON json: Any) throws -> MustacheValue {
        switch json {
        case is NSNull:
            return .null
        case let string as String:
            return .string(string)
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c", "B": return .bool(number.boolValue)
            case "d", "f": return .double(number.doubleValue)
            default: return .int(number.intValue)
            }
        case let array as [Any]:
            return .list(try array.map(value(fromJSON:)))
        case let object as [String: Any]:
            return .object(MustacheObject(try object.mapValues(value(fromJSON:))))
        default:
            throw XCTSkip("unsupported JSON value \(json)")
        }
    }
}
