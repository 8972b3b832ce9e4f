import Storage

/// The database of a command that serves no pages (`migrate`, `seed`, `user create`): opened,
/// migrated and given its site keys. No template or static file is read, so these commands run
/// from any folder.
enum CommandDatabase {
    /// Opens the database `options` names, migrates it and makes sure its site keys exist (the keys
    /// a server's CSRF tokens and payment signatures need); the caller closes it.
    static func open(_ options: CommandLineOptions) throws -> DatabasePool {
        let database = try options.database.open(durability: options.durability, connections: 2)
        do {
            try Migrations.all.migrate(database)
            _ = try SiteKeys.load(from: database)
        } catch {
            database.close()
            throw error
        }
        return database
    }
}
