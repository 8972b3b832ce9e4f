import XCTest

@testable import Railbook

/// How reports become the times each stop expects (`RunningStatus`) and how a typed time is read
/// (`RunningReportForm.minute`).
final class RunningStatusTests: XCTestCase {
    /// 甲 22:00 → 乙 02:00/02:10 (+1) → 丙 05:00 → 丁 07:00 (+1), an overnight train.
    private let train = Train(
        id: 1, number: "K201", type: .fast,
        stops: [
            Stop(stationID: 1, arrivalMinute: nil, departureMinute: 1320, distanceKm: 0),
            Stop(stationID: 2, arrivalMinute: 1560, departureMinute: 1570, distanceKm: 300),
            Stop(stationID: 3, arrivalMinute: 1740, departureMinute: 1745, distanceKm: 500),
            Stop(stationID: 4, arrivalMinute: 1860, departureMinute: nil, distanceKm: 700),
        ], coaches: [])

    func testADelayIsCarriedOnLessTheRecoveryAndNeverMakesATrainLeaveEarly() {
        let reports = [0: StopReport(sequence: 0, departure: ReportedTime(minute: 1340, isActual: true))]
        let status = RunningStatus(train: train, runDelay: 0, reports: reports, recoveryPerStop: 2)
        XCTAssertEqual(status.stops.map(\.delay), [20, 18, 16, 14])
        XCTAssertEqual(status.stops[1].arrival, 1578)
        XCTAssertTrue(status.stops[0].departureIsActual)
        XCTAssertFalse(status.stops[1].arrivalIsActual)
        // A long dwell absorbs nothing here, but a train never leaves before its time: early is 0.
        let early = RunningStatus(
            train: train, runDelay: 0, reports: [1: StopReport(sequence: 1, arrival: ReportedTime(minute: 1550, isActual: true))],
            recoveryPerStop: 2)
        XCTAssertEqual(early.stops[1].arrivalDelay, -10)
        XCTAssertEqual(early.stops[1].departure, 1570, "leaves on time, not early")
        XCTAssertEqual(early.stops.map(\.delay), [0, 0, 0, 0])
    }

    func testTheRunsWholeDelayStandsUntilAReportAndNoRecoveryKeepsItWhole() {
        let status = RunningStatus(train: train, runDelay: 15, reports: [:], recoveryPerStop: 0)
        XCTAssertEqual(status.stops.map(\.delay), [15, 15, 15, 15])
        let recovered = RunningStatus(train: train, runDelay: 5, reports: [:], recoveryPerStop: 2)
        XCTAssertEqual(recovered.stops.map(\.delay), [5, 3, 1, 0])
    }

    func testATypedTimeIsReadOnTheDayNearestItsScheduleUnlessTheDayIsGiven() throws {
        XCTAssertEqual(try RunningReportForm.minute("02:30", near: 1560), 1590, "02:30 the next night, near 02:00+1")
        XCTAssertEqual(try RunningReportForm.minute("23:50", near: 1320), 1430)
        XCTAssertEqual(try RunningReportForm.minute("00:10+1", near: 1320), 1450)
        XCTAssertThrowsError(try RunningReportForm.minute("25:00", near: 1320))
        XCTAssertThrowsError(try RunningReportForm.minute("02:30+3", near: 1560))
        XCTAssertThrowsError(try RunningReportForm.minute("21:00", near: 1320)) { XCTAssertEqual($0 as? RunningReportForm.Problem, .tooEarly) }
        XCTAssertThrowsError(try RunningReportForm.minute("22:01+1", near: 1320)) { XCTAssertEqual($0 as? RunningReportForm.Problem, .tooLate) }
        XCTAssertEqual(try RunningReportForm.minute("22:00+1", near: 1320), 2760, "a whole day late is still taken")
    }
}
