import HTMLTesting

@testable import Railbook

extension Application {
    /// Lets `seconds` pass on the site's clock (a `SettableClock`, as `TestSite` makes it):
    /// sessions age, deadlines go by, throttles forget.
    func wait(seconds: Int) {
        guard let clock = clock as? SettableClock else { preconditionFailure("the test site runs on a SettableClock") }
        clock.advance(by: seconds)
    }

    /// Stops the site's clock: from now on time passes only through `wait(seconds:)`.
    func stopClock() {
        guard let clock = clock as? SettableClock else { preconditionFailure("the test site runs on a SettableClock") }
        clock.stop()
    }
}

extension TestClient {
    /// Lets `seconds` pass while the user keeps the site open: they look at `target` at least every
    /// twenty minutes, so their session stays alive as a real visitor's would.
    func keepBrowsing(_ target: String, for seconds: Int, alongside others: [TestClient] = []) throws {
        var left = seconds
        while left > 0 {
            let step = min(left, 20 * 60)
            application.wait(seconds: step)
            left -= step
            for client in [self] + others { _ = try client.get(target) }
        }
    }

    /// Lets time pass until the site's clock shows `time` (seconds since the epoch), keeping the
    /// sessions of this user and of `others` alive as `keepBrowsing(_:for:)` does.
    func keepBrowsing(_ target: String, until time: Int, alongside others: [TestClient] = []) throws {
        try keepBrowsing(target, for: time - application.clock.now(), alongside: others)
    }
}
