/// Feedback, complaints and the complaint desk.
enum SupportFeature {
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
