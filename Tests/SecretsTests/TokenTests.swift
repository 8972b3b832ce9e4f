import Secrets
import XCTest

final class TokenTests: XCTestCase {
    private let urlSafeCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    func testRandomTokensAre43URLSafeCharactersAndDistinct() {
        let tokens = (0..<1000).map { _ in Token.random() }
        XCTAssertEqual(Set(tokens).count, tokens.count)
        for token in tokens {
            XCTAssertEqual(token.count, 43)
            XCTAssertTrue(token.allSatisfy(urlSafeCharacters.contains), token)
        }
    }

    func testByteCountSetsTheLength() {
        XCTAssertEqual(Token.random(byteCount: 16).count, 22)
        XCTAssertEqual(Token.random(byteCount: 3).count, 4)
    }

    func testSHA256HexMatchesKnownDigests() {
        XCTAssertEqual(Token.sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(Token.sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    func testUniformRandomNumbersStayBelowTheBound() {
        let numbers = (0..<1000).map { _ in RandomNumber.uniform(10) }
        XCTAssertTrue(numbers.allSatisfy { $0 < 10 })
        XCTAssertEqual(Set(numbers).count, 10, "every value turns up in 1000 draws")
        XCTAssertEqual(RandomNumber.uniform(1), 0)
    }
}
