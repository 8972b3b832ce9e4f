import Secrets
import XCTest

final class PasswordHasherTests: XCTestCase {
    func testVerifiesTheRightPasswordAndRejectsAWrongOne() throws {
        let hash = try PasswordHasher.hash("correct horse battery staple")
        XCTAssertTrue(hash.hasPrefix("$argon2id$"), hash)
        XCTAssertTrue(PasswordHasher.verify("correct horse battery staple", against: hash))
        XCTAssertFalse(PasswordHasher.verify("correct horse battery stapler", against: hash))
        XCTAssertFalse(PasswordHasher.verify("", against: hash))
    }

    func testSamePasswordHashesDifferentlyEachTime() throws {
        let first = try PasswordHasher.hash("火车票2025")
        let second = try PasswordHasher.hash("火车票2025")
        XCTAssertNotEqual(first, second, "a fresh salt every time")
        XCTAssertTrue(PasswordHasher.verify("火车票2025", against: second))
    }

    func testFreshHashNeedsNoRehashButOthersDo() throws {
        let hash = try PasswordHasher.hash("s3cret")
        XCTAssertFalse(PasswordHasher.needsRehash(hash))
        XCTAssertTrue(PasswordHasher.needsRehash("not a hash"))
        XCTAssertTrue(PasswordHasher.needsRehash(hash.replacingOccurrences(of: "m=65536", with: "m=32768")))
    }

    func testMalformedHashNeverVerifies() {
        XCTAssertFalse(PasswordHasher.verify("anything", against: ""))
        XCTAssertFalse(PasswordHasher.verify("anything", against: "$argon2id$garbage"))
    }
}
