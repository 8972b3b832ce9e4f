/// The back office under `/admin`: audit log, stations, trains, users, shops, complaints and the orders they are about,
/// dashboard, runs, reactions.
enum AdminFeature {
    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        [
            .adminArea(AdminHomeController(renderer: services.renderer, database: services.database)),
            .adminArea(AdminStationsController(renderer: services.renderer, database: services.database, railway: services.railway)),
            .adminArea(AdminTrainsController(renderer: services.renderer, database: services.database, railway: services.railway)),
            .adminArea(AdminTrainEditController(renderer: services.renderer, database: services.database, railway: services.railway)),
            .adminArea(AdminUsersController(renderer: services.renderer, database: services.database)),
            .adminArea(AdminShopsController(renderer: services.renderer, database: services.database)),
            .adminArea(AdminComplaintDeskController(renderer: services.renderer, database: services.database)),
            .adminArea(AdminOrdersController(renderer: services.renderer, database: services.database, railway: services.railway)),
            .adminArea(AdminDashboardController(renderer: services.renderer, database: services.database, railway: services.railway)),
            .adminArea(AdminRunsController(renderer: services.renderer, database: services.database, railway: services.railway, events: services.events)),
            .adminArea(AdminReactionsController(renderer: services.renderer, database: services.database)),
            .adminArea(AdminAnnouncementsController(renderer: services.renderer, database: services.database)),
        ]
    }
}
