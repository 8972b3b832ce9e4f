/// Why a throwaway cluster could not be had.
public enum PostgresTestClusterError: Error, CustomStringConvertible {
    /// The PostgreSQL server is not installed; tests skip with this message.
    case notInstalled(String)
    /// It is installed, but setting the cluster up failed; tests fail with this message.
    case setUpFailed(String)

    /// The message.
    public var description: String {
        switch self {
        case .notInstalled(let message), .setUpFailed(let message): message
        }
    }
}
