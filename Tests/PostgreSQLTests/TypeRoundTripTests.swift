import PostgreSQL
import Storage
import XCTest

final class TypeRoundTripTests: PostgresTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try connection.execute(
            """
            CREATE TABLE samples (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                small SMALLINT, regular INTEGER, big BIGINT, single REAL, double DOUBLE PRECISION,
                amount NUMERIC, note TEXT, label VARCHAR(40), code CHAR(3), bytes BYTEA, flag BOOLEAN,
                at TIMESTAMPTZ
            )
            """)
    }

    /// Stores `value` in `column` and reads it back.
    private func roundTrip(_ value: SQLValue, in column: String) throws -> SQLValue {
        let row = try connection.queryOne("INSERT INTO samples (\(column)) VALUES (?) RETURNING id", [value])
        return try connection.queryOne("SELECT \(column) FROM samples WHERE id = ?", [row?["id"] ?? nil])?[column] ?? .null
    }

    func testUnicodeTextRoundTrips() throws {
        for text in ["北京南 → 上海虹桥 🚄", "e\u{301}", "", "Zürich, Ελλάδα, русский, עברית", String(repeating: "长", count: 100_000)] {
            XCTAssertEqual(try roundTrip(SQLValue.text(text), in: "note"), SQLValue.text(text))
            XCTAssertEqual(try roundTrip(SQLValue.text(text.prefix(40).description), in: "label"), SQLValue.text(text.prefix(40).description))
        }
    }

    func testFixedLengthCharactersComeBackPadded() throws {
        XCTAssertEqual(try roundTrip("ab", in: "code"), "ab ")
    }

    func testEveryByteValueRoundTripsAsABlob() throws {
        let everyByte = (0...255).map(UInt8.init)
        XCTAssertEqual(try roundTrip(SQLValue.blob(everyByte), in: "bytes"), SQLValue.blob(everyByte))
        XCTAssertEqual(try roundTrip(SQLValue.blob(everyByte.reversed()), in: "bytes"), SQLValue.blob(everyByte.reversed()))
        XCTAssertEqual(try roundTrip(SQLValue.blob([]), in: "bytes"), SQLValue.blob([]))
        XCTAssertEqual(try roundTrip(SQLValue.blob([0]), in: "bytes"), SQLValue.blob([0]))
    }

    func testIntegersOfEverySizeRoundTripAtTheirExtremes() throws {
        for value in [Int64.min, Int64.min + 1, -1, 0, 1, Int64.max] {
            XCTAssertEqual(try roundTrip(SQLValue.integer(value), in: "big"), SQLValue.integer(value))
        }
        for value in [Int64(Int32.min), Int64(Int32.max)] {
            XCTAssertEqual(try roundTrip(SQLValue.integer(value), in: "regular"), SQLValue.integer(value))
        }
        for value in [Int64(Int16.min), Int64(Int16.max)] {
            XCTAssertEqual(try roundTrip(SQLValue.integer(value), in: "small"), SQLValue.integer(value))
        }
        XCTAssertThrowsError(try roundTrip(SQLValue.integer(Int64(Int32.max) + 1), in: "regular")) { error in
            XCTAssertEqual((error as? PostgresError)?.sqlState, "22003")
        }
    }

    func testRealsRoundTripExactly() throws {
        for value in [0.1, -1.5e300, Double.leastNonzeroMagnitude, 1.0 / 3.0, 0, -0.0, .infinity, -.infinity] {
            XCTAssertEqual(try roundTrip(SQLValue.real(value), in: "double"), SQLValue.real(value), "\(value)")
        }
        guard case .real(let notANumber) = try roundTrip(SQLValue.real(.nan), in: "double") else { return XCTFail("not a real") }
        XCTAssertTrue(notANumber.isNaN)
        XCTAssertEqual(try roundTrip(SQLValue.real(0.5), in: "single"), SQLValue.real(0.5))
    }

    func testNumericsAreIntegersWhenWholeAndRealsOtherwise() throws {
        XCTAssertEqual(try roundTrip(SQLValue.integer(1_999_900), in: "amount"), SQLValue.integer(1_999_900))
        XCTAssertEqual(try roundTrip(SQLValue.real(12.5), in: "amount"), SQLValue.real(12.5))
        try connection.run("INSERT INTO samples (big) VALUES (?), (?)", [SQLValue.integer(Int64.max), SQLValue.integer(Int64.max)])
        // SUM of a bigint is a numeric; past Int64 it can only be a real.
        XCTAssertEqual(try connection.queryOne("SELECT SUM(big) FROM samples")?[0], SQLValue.real(2 * Double(Int64.max)))
        try connection.run("DELETE FROM samples")
        try connection.run("INSERT INTO samples (big) VALUES (?), (?)", [1990, 10])
        let row = try connection.queryOne("SELECT SUM(big) AS total, AVG(big) AS mean, AVG(big) + 0.5 AS later FROM samples")
        XCTAssertEqual(try row?.int("total"), 2000)
        // AVG has a scale: 1000.0000000000000000 is written with a point, so it is a real.
        XCTAssertEqual(row?["mean"], SQLValue.real(1000))
        XCTAssertEqual(row?["later"], SQLValue.real(1000.5))
    }

    func testBooleansReadAsZeroOrOne() throws {
        let row = try connection.queryOne("SELECT true AS yes, false AS no, 2 > 1 AS compared")
        XCTAssertEqual(row?["yes"], 1)
        XCTAssertEqual(row?["no"], 0)
        XCTAssertEqual(try row?.bool("compared"), true)
        try connection.run("INSERT INTO samples (flag) VALUES (true)")
        XCTAssertEqual(try connection.queryOne("SELECT flag FROM samples")?.bool(0), true)
    }

    func testNullRoundTripsInEveryColumn() throws {
        let columns = ["small", "regular", "big", "single", "double", "amount", "note", "label", "code", "bytes", "flag", "at"]
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        try connection.run(
            "INSERT INTO samples (\(columns.joined(separator: ", "))) VALUES (\(placeholders))",
            Array(repeating: SQLValue.null, count: columns.count)
        )
        let row = try connection.queryOne("SELECT \(columns.joined(separator: ", ")) FROM samples")
        XCTAssertEqual(row?.values, Array(repeating: .null, count: columns.count))
        XCTAssertNil(try row?.optionalInt("big"))
        XCTAssertNil(try row?.optionalString("note"))
        XCTAssertNil(try row?.optionalBlob("bytes"))
    }

    func testOtherTypesReadAsTheirTextInUTC() throws {
        let row = try connection.queryOne(
            """
            SELECT TIMESTAMPTZ '2026-05-01 16:00:00+08' AS at, DATE '2026-05-01' AS day,
                   '{"seat": "05A"}'::jsonb AS seat, pg_sleep(0) AS nothing
            """)
        XCTAssertEqual(row?["at"], "2026-05-01 08:00:00+00")
        XCTAssertEqual(row?["day"], "2026-05-01")
        XCTAssertEqual(row?["seat"], #"{"seat": "05A"}"#)
        XCTAssertEqual(row?["nothing"], SQLValue.null, "void reads as NULL")
    }

    func testTextParametersTakeTheTypeTheirPlaceNeeds() throws {
        try connection.run("INSERT INTO samples (at, regular) VALUES (?, ?)", ["2026-05-01 08:00:00+00", "42"])
        XCTAssertEqual(try connection.queryOne("SELECT regular FROM samples WHERE at = ?", ["2026-05-01 16:00:00+08"])?.int(0), 42)
    }

    func testRowsReadByNameAndIndexWithTypedAccessors() throws {
        let row = try connection.queryOne("SELECT 7::bigint AS seat_count, 'G1' AS train, 2.5::float8 AS hours")
        XCTAssertEqual(row?.columnNames, ["seat_count", "train", "hours"])
        XCTAssertEqual(try row?.int("seat_count"), 7)
        XCTAssertEqual(try row?.int64(0), 7)
        XCTAssertEqual(try row?.string("TRAIN"), "G1", "names also match case-insensitively")
        XCTAssertEqual(try row?.double("hours"), 2.5)
        XCTAssertEqual(try row?.double("seat_count"), 7, "integers read as doubles")
        XCTAssertEqual(row?["missing"], SQLValue.null)
        XCTAssertEqual(row?[9], SQLValue.null)
        XCTAssertThrowsError(try row?.int("train")) { error in
            XCTAssertEqual((error as? RowDecodingError)?.message, #"column "train" holds text, expected Int"#)
        }
        XCTAssertThrowsError(try row?.string("platform")) { error in
            XCTAssertEqual((error as? RowDecodingError)?.message.hasPrefix(#"no column "platform" in the row"#), true)
        }
    }
}
