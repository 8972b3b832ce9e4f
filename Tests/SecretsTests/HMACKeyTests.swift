import Secrets
import XCTest

final class HMACKeyTests: XCTestCase {
    func testSignatureVerifiesAndATamperedMessageFails() {
        let key = HMACKey.generate()
        let signature = key.sign("order=1042&amount=55300")
        XCTAssertEqual(signature.count, 43)
        XCTAssertTrue(key.verify(signature, for: "order=1042&amount=55300"))
        XCTAssertFalse(key.verify(signature, for: "order=1042&amount=5530"))
        let first = signature.first == "A" ? "B" : "A"
        XCTAssertFalse(key.verify(first + String(signature.dropFirst()), for: "order=1042&amount=55300"), "a changed character")
        XCTAssertFalse(key.verify("not base64!", for: "order=1042&amount=55300"))
        XCTAssertFalse(HMACKey.generate().verify(signature, for: "order=1042&amount=55300"), "another key")
    }

    func testSignsBytes() {
        let key = HMACKey.generate()
        let signature = key.sign([1, 2, 3])
        XCTAssertEqual(signature.count, 32)
        XCTAssertTrue(key.verify(signature, for: [1, 2, 3]))
        XCTAssertFalse(key.verify(signature, for: [1, 2, 4]))
        XCTAssertFalse(key.verify(Array(signature.dropLast()), for: [1, 2, 3]))
    }

    func testKeyRoundTripsThroughBase64() throws {
        let key = HMACKey.generate()
        let restored = try XCTUnwrap(HMACKey(base64: key.base64))
        XCTAssertEqual(key.base64.count, 43)
        XCTAssertEqual(restored.sign("same"), key.sign("same"))
        XCTAssertNil(HMACKey(base64: "too-short"))
        XCTAssertNil(HMACKey(base64: "!!!"))
    }

    func testMatchesAnIndependentHMACSHA256() throws {
        // Python: hmac.new(bytes(32), b"abc", hashlib.sha256), hex fd7adb15…, base64url as below.
        let zeroKey = try XCTUnwrap(HMACKey(base64: String(repeating: "A", count: 43)))
        XCTAssertEqual(zeroKey.sign("abc"), "_XrbFSwF74Dcz1Ch-kwF1aPsbalVdfwxKufF0JGDY1E")
        XCTAssertEqual(zeroKey.sign(Array("abc".utf8)).first, 0xfd)
        let padded = try XCTUnwrap(HMACKey(base64: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="))
        XCTAssertEqual(padded.base64, zeroKey.base64, "standard padded base64 is accepted")
    }

    func testDescriptionHidesTheKey() {
        let key = HMACKey.generate()
        XCTAssertEqual("\(key)", "HMACKey(redacted)")
        XCTAssertFalse(String(reflecting: key).contains(key.base64))
    }
}
