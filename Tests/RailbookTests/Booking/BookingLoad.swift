import Foundation
import HTMLTesting
import HTTP
import Storage
import Synchronization

@testable import Railbook

/// Many users booking one tiny train at once until it sells out: a train of five stops with three
/// second-class coaches of 25 seats (300 seat-segments, about a hundred bookings of 1–3 passengers),
/// eight users with fifteen passengers each, and a record of every request and its answer.
/// Shared by the booking threads: each uses only its own rider; shared state sits in mutexes.
final class BookingLoad: @unchecked Sendable {
    static let telecodes = ["TAA", "TBB", "TCC", "TDD", "TEE"]
    static let segmentCount = telecodes.count - 1
    static let seatsPerCoach = 25
    static let coachCount = 3

    /// One logged-in user and their saved passengers (the account holder first).
    struct Rider {
        let client: TestClient
        let userID: Int64
        let passengers: [Int64]
        var sessionToken: String { client.cookies[Session.cookieName] ?? "" }
    }

    /// What the site answered a booking request.
    struct Answer {
        let status: Int
        let location: String?
        let body: String
    }

    /// One booking request and its answer.
    struct Attempt: Sendable {
        enum Result: Equatable, Sendable {
            case booked(orderNumber: String)
            case soldOut
            case overlap
            case unexpected(status: Int)
        }

        let userID: Int64
        let passengers: [Int64]
        let origin: Int
        let destination: Int
        /// True when a passenger was added who already holds a ticket overlapping this trip.
        let clashes: Bool
        let result: Result
    }

    let application: Application
    let runID: Int64
    let date: CivilDate
    let riders: [Rider]
    /// For each stretch, the smallest group refused as sold out: nothing is released during the
    /// load, so a group that size or larger need not be tried again.
    private let refusedGroups = Mutex<[Int]>(Array(repeating: Int.max, count: BookingLoad.stretches.count))

    /// A fresh application with the tiny train running tomorrow and `users` registered riders.
    init(users: Int = 8, application: Application? = nil) throws {
        let application = try application ?? TestSite.makeApplication()
        self.application = application
        date = ChinaTime.today().adding(days: 1)
        try BookingLoad.loadTinyTrain(into: application)
        runID = try TimetableFixtures.runID(application, train: "G901", date: date)
        riders = try (1...users).map { try BookingLoad.register(number: $0, on: application) }
    }

    private static func loadTinyTrain(into application: Application) throws {
        try application.database.write { db in
            for (index, code) in telecodes.enumerated() {
                try Station.insert(
                    telecode: code, name: "测试\(index + 1)站", pinyin: "ceshi\(index + 1)", initials: "cs\(index + 1)",
                    city: "测试\(index + 1)", isHot: false, in: db)
            }
            let ids = try telecodes.map { code in
                try db.queryOne("SELECT id FROM stations WHERE telecode = ?", [code])!.int64("id")
            }
            let stops = ids.enumerated().map { index, id in
                Stop(
                    stationID: id, arrivalMinute: index == 0 ? nil : 480 + index * 60,
                    departureMinute: index == ids.count - 1 ? nil : 482 + index * 60, distanceKm: index * 100)
            }
            let coaches = (1...coachCount).map { Coach(number: $0, seatClass: .second, seatCount: seatsPerCoach) }
            try Train.insert(number: "G901", stops: stops, coaches: coaches, in: db)
        }
        try application.railway.reloadTimetable()
        try application.railway.ensureRuns(today: application.clock.today())
    }

    private static func register(number: Int, on application: Application) throws -> Rider {
        let client = TestClient(application: application)
        let birth = "199001" + String(format: "%02d", number)
        let account = "rider_\(number)"
        try AccountFixtures.register(
            AccountFixtures.Person(
                account: account, name: "乘客\(number)",
                certificateNumber: AccountFixtures.residentID(birth: birth, sequence: "100"),
                mobile: "1380000000\(number % 10)", gender: "female"), with: client)
        let userID = try application.database.write { db in
            let userID = try db.queryOne("SELECT id FROM users WHERE account = ?", [account])!.int64("id")
            for sequence in 101..<(100 + Passenger.limit) {
                var details = PassengerForm()
                details.name = "同行\(sequence)"
                details.certificateNumber = AccountFixtures.residentID(birth: birth, sequence: String(sequence))
                _ = try Passenger.create(details, for: userID, now: ChinaTime.now(), in: db)
            }
            return userID
        }
        let passengers = try application.database.read { db in
            try db.query("SELECT id FROM passengers WHERE user_id = ? ORDER BY is_account_holder DESC, id", [userID])
                .map { try $0.int64("id") }
        }
        return Rider(client: client, userID: userID, passengers: passengers)
    }

    /// Books as `rider` (thread `index`) with the form's `csrf` until every segment is sold out or
    /// the rider has nobody left who could travel; `send` posts the fields to `/orders`. Each order
    /// booked is paid (in-process) before the next is tried: an account has one unpaid order at a time.
    func drive(_ index: Int, csrf: String, send: @Sendable (Rider, [(String, String)]) throws -> Answer) -> [Attempt] {
        let rider = riders[index]
        var random = SplitMix(seed: UInt64(index) &* 7919 &+ 1)
        var held: [Int64: UInt64] = [:]
        var attempts: [Attempt] = []
        for _ in 0..<400 {
            let limits = refusedGroups.withLock { $0 }
            let open = BookingLoad.stretches.indices.filter { index in
                let mask = BookingLoad.stretches[index].mask
                let soldOut = BookingLoad.stretches.indices.contains { limits[$0] == 1 && BookingLoad.stretches[$0].mask & ~mask == 0 }
                return !soldOut && rider.passengers.contains { held[$0, default: 0] & mask == 0 }
            }
            guard !open.isEmpty else { break }
            let stretchIndex = open[Int(random.next() % UInt64(open.count))]
            let stretch = BookingLoad.stretches[stretchIndex]
            let free = rider.passengers.filter { held[$0, default: 0] & stretch.mask == 0 }
            let size = min(Int(random.next() % 3) + 1, limits[stretchIndex] - 1)
            var chosen = Array(free.shuffled(using: &random).prefix(size))
            let clashing = rider.passengers.filter { held[$0, default: 0] & stretch.mask != 0 }
            let clashes = !clashing.isEmpty && random.next() % 8 == 0
            if clashes { chosen[0] = clashing[Int(random.next() % UInt64(clashing.count))] }
            let keepTogether = random.next() % 4 != 0
            let wishes = ["", "", "window", "aisle", "A", "F"]
            var fields = [
                ("csrf", csrf), ("run", String(runID)), ("from", BookingLoad.telecodes[stretch.origin]),
                ("to", BookingLoad.telecodes[stretch.destination]), ("class", "second"),
            ]
            for id in chosen {
                fields += [("passenger", String(id)), ("type_\(id)", "adult"), ("seat_\(id)", wishes[Int(random.next() % 6)])]
            }
            if keepTogether { fields.append(("together", "1")) }
            let result = outcome(of: { try send(rider, fields) })
            switch result {
            case .booked(let number):
                for id in chosen { held[id, default: 0] |= stretch.mask }
                if !pay(rider, orderNumber: number, csrf: csrf) {
                    attempts.append(
                        Attempt(
                            userID: rider.userID, passengers: chosen, origin: stretch.origin,
                            destination: stretch.destination, clashes: clashes, result: .unexpected(status: 402)))
                }
            case .soldOut:
                refusedGroups.withLock { $0[stretchIndex] = min($0[stretchIndex], chosen.count) }
            default: break
            }
            attempts.append(
                Attempt(
                    userID: rider.userID, passengers: chosen, origin: stretch.origin, destination: stretch.destination,
                    clashes: clashes, result: result))
            askInventory(stretch)
        }
        return attempts
    }

    private func outcome(of send: () throws -> Answer) -> Attempt.Result {
        guard let answer = try? send() else { return .unexpected(status: 0) }
        if answer.status == 303, let location = answer.location, location.hasPrefix("/orders/E") {
            let number = location.dropFirst("/orders/".count).prefix { $0 != "?" }
            return .booked(orderNumber: String(number))
        }
        if answer.status == 409, answer.body.contains("/waitlist/new?run=") { return .soldOut }
        if answer.status == 409, answer.body.contains("已有同一时间段的车票") { return .overlap }
        return .unexpected(status: answer.status)
    }

    /// Asks the in-memory seat counts (what search shows) while others book, so the cache is filled
    /// and forgotten under load; the counts are compared with the database at the end.
    private func askInventory(_ stretch: (origin: Int, destination: Int, mask: UInt64)) {
        guard let segment = try? SegmentMask(from: stretch.origin, to: stretch.destination) else { return }
        _ = try? application.railway.inventory.freeSeats(runID: runID, seatClass: .second, segment: segment)
    }

    /// Every stretch of the route: its first and last stop and its segment bits.
    static let stretches: [(origin: Int, destination: Int, mask: UInt64)] = (0..<segmentCount).flatMap { origin in
        ((origin + 1)...segmentCount).map { (origin, $0, try! SegmentMask(from: origin, to: $0).bits) }
    }

    /// The book page for the whole route.
    var bookPath: String { "/book?run=\(runID)&from=\(BookingLoad.telecodes[0])&to=\(BookingLoad.telecodes[BookingLoad.segmentCount])&class=second" }

    /// The session's CSRF token for `rider`, read in-process from the book page (from its log-out
    /// form once the class is sold out and the page has no booking form).
    func csrfToken(of rider: Rider) throws -> String {
        try rider.client.get(bookPath).document().node("(//input[@name='csrf'])[1]")?.attribute("value") ?? ""
    }

    /// Posts a booking form in-process, without following the redirect.
    static func postInProcess(_ rider: Rider, _ fields: [(String, String)]) throws -> Answer {
        var headers = Headers()
        headers.add("Content-Type", "application/x-www-form-urlencoded")
        let response = try rider.client.send(
            .post, "/orders", headers: headers, body: Array(FormSubmission.encode(fields).utf8),
            followRedirects: false)
        return Answer(status: response.status.code, location: response.headers["Location"], body: response.text)
    }

    /// Books `passengers` (indexes into the rider's list) from stop `origin` to `destination`; returns the order number.
    func book(_ rider: Rider, passengers: [Int], from origin: Int, to destination: Int) throws -> String {
        var fields = [
            ("csrf", try csrfToken(of: rider)), ("run", String(runID)), ("from", BookingLoad.telecodes[origin]),
            ("to", BookingLoad.telecodes[destination]), ("class", "second"), ("together", "1"),
        ]
        for index in passengers { fields.append(("passenger", String(rider.passengers[index]))) }
        let answer = try BookingLoad.postInProcess(rider, fields)
        guard answer.status == 303, let location = answer.location else { throw RawHTTP.Failure(description: "not booked: \(answer.status)") }
        return String(location.dropFirst("/orders/".count).prefix { $0 != "?" })
    }

    /// Pays order `number` of `rider` as they would (pay now, then confirm on Railbook Pay), in-process;
    /// returns whether it came back paid.
    func pay(_ rider: Rider, orderNumber number: String, csrf: String) -> Bool {
        var headers = Headers()
        headers.add("Content-Type", "application/x-www-form-urlencoded")
        let body = Array(FormSubmission.encode([("csrf", csrf)]).utf8)
        guard let started = try? rider.client.send(.post, "/orders/\(number)/pay", headers: headers, body: body, followRedirects: false),
            let provider = started.headers["Location"], provider.hasPrefix("/pay/"),
            let confirmed = try? rider.client.send(.post, provider + "/confirm", headers: headers, body: body, followRedirects: false)
        else { return false }
        return confirmed.headers["Location"] == "/orders/" + number
    }

    /// Books as `book` does, then pays the order; returns its number.
    func bookAndPay(_ rider: Rider, passengers: [Int], from origin: Int, to destination: Int) throws -> String {
        let number = try book(rider, passengers: passengers, from: origin, to: destination)
        guard pay(rider, orderNumber: number, csrf: try csrfToken(of: rider)) else { throw RawHTTP.Failure(description: "not paid: \(number)") }
        return number
    }

    /// Runs `drive` on every rider at once, one thread each.
    func run(csrf: [String], send: @Sendable (Rider, [(String, String)]) throws -> Answer) -> [Attempt] {
        let results = Mutex<[[Attempt]]>(Array(repeating: [], count: riders.count))
        DispatchQueue.concurrentPerform(iterations: riders.count) { index in
            let attempts = drive(index, csrf: csrf[index], send: send)
            results.withLock { $0[index] = attempts }
        }
        return results.withLock { $0 }.flatMap { $0 }
    }
}

extension SplitMix: RandomNumberGenerator {}
