import Secrets

/// `railbook user create`: makes an account from the command line (the only way to get the first
/// administrator; there are no default credentials) and prints its generated password once.
enum UserCommand {
    /// Creates the user the options describe; returns the exit status (1 when the account is taken).
    static func create(_ options: CommandLineOptions, output: CommandOutput) throws -> Int32 {
        let name = options.userName?.trimmed ?? options.account
        let authority: User.Authority = options.isAdmin ? .admin : .user
        let password = PasswordGenerator.generate()
        let hash = try PasswordHasher.hash(password)
        let database = try CommandDatabase.open(options)
        defer { database.close() }
        let now = SystemClock().now()
        let created = try database.write { db in
            try User.createWithoutDocuments(
                account: options.account, name: name, authority: authority,
                passwordHash: hash, now: now, in: db)
        }
        guard created != nil else {
            output.error("railbook: the account '\(options.account)' already exists")
            return 1
        }
        let role = options.isAdmin ? "administrator" : "user"
        output.line("railbook: created \(role) '\(options.account)' in \(options.database.displayName)")
        output.line("password: \(password)")
        output.line("This password is shown only once: keep it safe, then change it under My Railbook.")
        return 0
    }
}

/// Where the command writes its lines: the terminal, or a test's collector.
public struct CommandOutput {
    /// Writes one line to standard output.
    public let line: (String) -> Void
    /// Writes one line to standard error.
    public let error: (String) -> Void

    public init(line: @escaping (String) -> Void, error: @escaping (String) -> Void) {
        self.line = line
        self.error = error
    }
}
