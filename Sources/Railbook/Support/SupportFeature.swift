import Storage

/// Feedback, complaints and the complaint desk.
enum SupportFeature: Feature {
    /// Feedback; complaints and their messages.
    static func addMigrations(to migrator: inout Migrator) {
        Migrations.addFeedback(to: &migrator)
        Migrations.addComplaints(to: &migrator)
    }

    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        [
            .everyone(FeedbackController(renderer: services.renderer, database: services.database)),
            .members(ComplaintsController(renderer: services.renderer, database: services.database)),
            .members(ComplaintRepliesController(renderer: services.renderer, database: services.database)),
            .administrators(ComplaintDeskController(renderer: services.renderer, database: services.database)),
        ]
    }
}
