import Foundation
import Metrics
import XCTest

/// The Prometheus text format as `Exposition` writes it, and a histogram's buckets.
final class ExpositionTests: XCTestCase {
    func testAFamilyHasItsHelpAndTypeThenItsSamplesWithEscapedLabels() {
        var exposition = Exposition()
        exposition.family("railbook_things_total", "counter", help: "Things, with a \\ and a\nline.")
        exposition.sample("railbook_things_total", [("route", "/a\"b\\c\nd")], 3)
        exposition.sample("railbook_things_total", [], 2.5)
        XCTAssertEqual(
            exposition.text,
            """
            # HELP railbook_things_total Things, with a \\\\ and a\\nline.
            # TYPE railbook_things_total counter
            railbook_things_total{route="/a\\"b\\\\c\\nd"} 3
            railbook_things_total 2.5

            """)
    }

    func testAHistogramCountsEachObservationInTheFirstBucketItFitsAndWritesThemCumulatively() {
        let histogram = Histogram(bounds: [0.001, 0.01, 1])
        histogram.observe(microseconds: 500) // 0.5 ms
        histogram.observe(microseconds: 1_000) // exactly 1 ms: within the first bound
        histogram.observe(microseconds: 20_000) // 20 ms
        histogram.observe(microseconds: 3_000_000) // 3 s: beyond every bound
        var exposition = Exposition()
        exposition.family("d_seconds", "histogram", help: "D.")
        exposition.histogram("d_seconds", [("route", "/")], histogram)
        let lines = exposition.text.split(separator: "\n").dropFirst(2).map(String.init)
        XCTAssertEqual(
            lines,
            [
                #"d_seconds_bucket{route="/",le="0.001"} 2"#, #"d_seconds_bucket{route="/",le="0.01"} 2"#,
                #"d_seconds_bucket{route="/",le="1"} 3"#, #"d_seconds_bucket{route="/",le="+Inf"} 4"#,
                #"d_seconds_sum{route="/"} 3.0215"#, #"d_seconds_count{route="/"} 4"#,
            ])
    }

    func testCountersAddFromManyThreadsWithoutLosingAny() {
        let counter = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.add() }
        }
        XCTAssertEqual(counter.value, 80_000)
    }

    func testTheProcessMetricsHaveTheStandardNamesAndPlausibleValues() throws {
        var exposition = Exposition()
        ProcessMetrics.write(to: &exposition)
        var values: [String: Double] = [:]
        for line in exposition.text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            values[String(parts[0])] = Double(parts[1])
        }
        XCTAssertGreaterThan(try XCTUnwrap(values["process_resident_memory_bytes"]), 1_000_000)
        XCTAssertGreaterThan(try XCTUnwrap(values["process_cpu_seconds_total"]), 0)
        XCTAssertGreaterThan(try XCTUnwrap(values["process_open_fds"]), 2)
        XCTAssertGreaterThan(try XCTUnwrap(values["process_max_fds"]), 0)
        let started = try XCTUnwrap(values["process_start_time_seconds"])
        XCTAssertLessThan(abs(started - Date().timeIntervalSince1970), 24 * 3600, "the start time is not today's")
    }
}
