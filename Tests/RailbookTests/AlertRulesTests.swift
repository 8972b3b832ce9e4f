import Foundation
import HTMLTesting
import XCTest

@testable import Railbook

/// The alerting rules docs/operations.md offers (`docs/prometheus-rules.yml`) are valid for
/// Prometheus and name only metrics a Railbook server writes.
final class AlertRulesTests: XCTestCase {
    private var rulesPath: String { TestSite.projectRoot + "/docs/prometheus-rules.yml" }

    func testPromtoolAcceptsTheRules() throws {
        let promtool = try XCTUnwrap(
            ["/usr/bin/promtool", "/usr/local/bin/promtool"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "promtool is not installed (apt-get install prometheus; `make test` installs it)")
        let checked = try ServerProcess.runProgram(promtool, ["check", "rules", rulesPath])
        XCTAssertEqual(checked.status, 0, checked.output)
    }

    func testEveryRailbookMetricTheRulesNameIsOneAServerWrites() throws {
        let rules = try String(contentsOfFile: rulesPath, encoding: .utf8)
        let words = rules.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
        let metricWords = words.filter { word in
            (word.hasPrefix("railbook_") && word.count > 9) || (word.hasPrefix("process_") && word.count > 8)
        }
        var named = Set<String>()
        for word in metricWords {
            let suffix = ["_bucket", "_sum", "_count"].first { word.hasSuffix($0) }
            named.insert(suffix.map { String(word.dropLast($0.count)) } ?? word)
        }
        XCTAssertGreaterThan(named.count, 8)
        let client = try TimetableFixtures.client()
        let text = client.application.metricsText(connections: Application.ConnectionCounts())
        let written = Set(text.split(separator: "\n").filter { $0.hasPrefix("# TYPE ") }.map { String($0.split(separator: " ")[2]) })
        XCTAssertEqual(named.subtracting(written), [], "the rules name metrics no server writes")
    }
}
