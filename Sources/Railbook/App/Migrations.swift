import Storage

/// Every schema change of Railbook: each feature's migrations (`Feature.addMigrations`, in its
/// folder's `Migrations+….swift` files), feature by feature in the order of `Application.features`.
/// A feature appends its new migrations to its own list; an applied migration is never edited or
/// renamed, since a database records the ones it has by identifier and runs only the others.
enum Migrations {
    static let all: Migrator = {
        var migrator = Migrator()
        for feature in Application.features { feature.addMigrations(to: &migrator) }
        return migrator
    }()
}
