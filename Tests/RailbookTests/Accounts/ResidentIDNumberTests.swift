import XCTest

@testable import Railbook

final class ResidentIDNumberTests: XCTestCase {
    private let today = CivilDate(year: 2026, month: 11, day: 29)!

    func testRealValidNumbersPass() {
        for number in [
            "11010519491231002X", "11010519491231002x", "320311197001012815", "110101199003074258",
            AccountFixtures.residentID(),
        ] {
            XCTAssertNotNil(ResidentIDNumber(number, today: today), number)
        }
        XCTAssertEqual(ResidentIDNumber("11010519491231002x", today: today)?.text, "11010519491231002X")
        XCTAssertEqual(ResidentIDNumber("11010519491231002X", today: today)?.birthDate, CivilDate(year: 1949, month: 12, day: 31))
        XCTAssertEqual(ResidentIDNumber("11010519491231002X", today: today)?.gender, "female")
    }

    func testWrongCheckCharacterFails() {
        XCTAssertNil(ResidentIDNumber("110105194912310021", today: today))
        XCTAssertNil(ResidentIDNumber("320311197001012816", today: today))
        XCTAssertNil(ResidentIDNumber("440524188001010014", today: today), "born before 1900")
    }

    func testImpossibleOrFutureBirthDatesFail() {
        XCTAssertNil(ResidentIDNumber(AccountFixtures.residentID(birth: "19900230"), today: today))
        XCTAssertNil(ResidentIDNumber(AccountFixtures.residentID(birth: "20270101"), today: today))
        XCTAssertNil(ResidentIDNumber(AccountFixtures.residentID(birth: "18991231"), today: today))
        XCTAssertNotNil(ResidentIDNumber(AccountFixtures.residentID(birth: "20000229"), today: today))
        XCTAssertNil(ResidentIDNumber(AccountFixtures.residentID(birth: "19000229"), today: today))
    }

    func testUnknownProvinceAndBadShapesFail() {
        XCTAssertNil(ResidentIDNumber(AccountFixtures.residentID(region: "990105"), today: today))
        XCTAssertNil(ResidentIDNumber("1101051949123100", today: today))
        XCTAssertNil(ResidentIDNumber("11010519491231002XX", today: today))
        XCTAssertNil(ResidentIDNumber("1101051949123100AX", today: today))
        XCTAssertNil(ResidentIDNumber("", today: today))
    }

    func testOtherDocumentRules() {
        XCTAssertNil(CertificateType.passport.problem(with: "E12345678", today: today))
        XCTAssertNotNil(CertificateType.passport.problem(with: "E12", today: today))
        XCTAssertNil(CertificateType.hongKongMacauPermit.problem(with: "H12345678", today: today))
        XCTAssertNotNil(CertificateType.hongKongMacauPermit.problem(with: "X12345678", today: today))
        XCTAssertNil(CertificateType.taiwanPermit.problem(with: "12345678", today: today))
        XCTAssertNil(CertificateType.foreignPermanentResident.problem(with: "USA110012345678", today: today))
        XCTAssertNil(CertificateType.foreignPermanentResident.problem(with: "911234567890123456", today: today))
        XCTAssertNotNil(CertificateType.foreignPermanentResident.problem(with: "123", today: today))
    }

    func testMasking() {
        XCTAssertEqual(Masking.certificate("110105199003071234"), "1101**********1234")
        XCTAssertEqual(Masking.mobile("13812345678"), "138****5678")
    }
}
