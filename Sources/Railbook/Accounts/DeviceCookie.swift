import HTTP
import Secrets

/// Browsers an account logged in with before. A successful login leaves a signed mark for its user
/// in the `device` cookie (a year, up to five accounts per browser); a login attempt for that user
/// from a browser showing a valid mark counts against that browser's own budget in `LoginThrottle`,
/// so guesses from anywhere else never slow the owner down on their own devices.
struct DeviceCookie: Sendable {
    static let name = "device"
    static let lifetime = 365 * 86_400
    static let limit = 5
    let key: HMACKey
    let usesSecureCookies: Bool

    /// The device subject of the browser's mark for `userID`, when it shows a valid one.
    func subject(for userID: Int64, in request: Request) -> LoginThrottle.Subject? {
        for mark in marks(in: request) where mark.userID == userID && key.verify(mark.signature, for: signed(userID, mark.nonce)) {
            return LoginThrottle.Subject(scope: .device, value: mark.nonce)
        }
        return nil
    }

    /// The cookie with a fresh mark for `userID` in front (an older mark of the same user replaced).
    func adding(_ userID: Int64, to request: Request) -> Cookie {
        let nonce = Token.random(byteCount: 16)
        let kept = marks(in: request).filter { $0.userID != userID }.prefix(DeviceCookie.limit - 1)
        let text = (["\(userID).\(nonce).\(key.sign(signed(userID, nonce)))"] + kept.map(\.text)).joined(separator: "~")
        var cookie = Cookie(name: DeviceCookie.name, value: text, maxAge: DeviceCookie.lifetime)
        cookie.isSecure = usesSecureCookies
        return cookie
    }

    private struct Mark {
        let userID: Int64
        let nonce: String
        let signature: String
        var text: String { "\(userID).\(nonce).\(signature)" }
    }

    private func marks(in request: Request) -> [Mark] {
        (request.cookies[DeviceCookie.name] ?? "").split(separator: "~").prefix(DeviceCookie.limit).compactMap { piece in
            let parts = piece.split(separator: ".")
            guard parts.count == 3, let userID = Int64(parts[0]), parts[1].utf8.count == 22 else { return nil }
            return Mark(userID: userID, nonce: String(parts[1]), signature: String(parts[2]))
        }
    }

    private func signed(_ userID: Int64, _ nonce: String) -> String {
        "railbook-device/1\n\(userID)\n\(nonce)"
    }
}
