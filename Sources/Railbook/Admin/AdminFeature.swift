import Storage

/// The back office under `/admin`: audit log, stations, trains, users, shops, complaints and the orders they are about,
/// dashboard, runs, announcements.
enum AdminFeature: Feature {
    /// The audit log; notices to users and their links; announcements to everyone.
    static func addMigrations(to migrator: inout Migrator) {
        AuditLog.addMigration(to: &migrator)
        Migrations.addNotices(to: &migrator)
        Migrations.addNoticeLinks(to: &migrator)
        Migrations.addAnnouncements(to: &migrator)
        ExportKind.addMigration(to: &migrator)
    }

    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        [
            .adminArea(AdminHomeController(renderer: services.renderer, database: services.database)),
            .adminArea(AdminExportsController(renderer: services.renderer, database: services.database)),
            .adminArea(AdminStationsController(renderer: services.renderer, database: services.database, railway: services.railway)),
            .adminArea(AdminTrainsController(renderer: services.renderer, database: services.database, railway: services.railway)),
            .adminArea(AdminTrainEditController(renderer: services.renderer, database: services.database, railway: services.railway)),
            .adminArea(AdminUsersController(renderer: services.renderer, database: services.database)),
            .adminArea(AdminShopsController(renderer: services.renderer, database: services.database)),
            .adminArea(AdminComplaintDeskController(renderer: services.renderer, database: services.database)),
            .adminArea(AdminOrdersController(renderer: services.renderer, database: services.database, railway: services.railway)),
            .adminArea(AdminDashboardController(renderer: services.renderer, database: services.database, railway: services.railway)),
            .adminArea(
                AdminRunsController(renderer: services.renderer, database: services.database, railway: services.railway, events: services.events)),
            .adminArea(AdminAnnouncementsController(renderer: services.renderer, database: services.database)),
        ]
    }
}
