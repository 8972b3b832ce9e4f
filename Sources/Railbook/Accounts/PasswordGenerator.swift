import Secrets

/// Random passwords for accounts made by an operator (for example from the command line), easy to
/// read aloud and type: no 0/O, 1/l/I look-alikes.
enum PasswordGenerator {
    static let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789")
    static let length = 16

    /// A new password that meets `AccountRules.passwordProblem`, each character drawn uniformly.
    static func generate() -> String {
        while true {
            let password = String((0..<length).map { _ in alphabet[Int(RandomNumber.uniform(UInt32(alphabet.count)))] })
            if AccountRules.passwordProblem(password) == nil { return password }
        }
    }
}
