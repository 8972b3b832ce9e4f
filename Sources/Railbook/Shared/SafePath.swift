/// Redirect targets that stay on this site: a path starting with one "/", no scheme, no host,
/// no backslash, no control characters. Anything else falls back, so no open redirect.
public enum SafePath {
    /// `candidate` when it is a same-site path, otherwise `fallback`.
    public static func validated(_ candidate: String?, fallback: String = "/") -> String {
        guard let candidate, candidate.hasPrefix("/"), !candidate.hasPrefix("//"),
            candidate.utf8.count <= 2000,
            !candidate.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") })
        else {
            return fallback
        }
        return candidate
    }
}
