/// What operators and load balancers use: the health check.
enum OperationsFeature: Feature {
    /// The feature's controllers and who may reach them.
    static func controllers(_ services: Services) -> [Mount] {
        [.everyone(HealthController(database: services.database))]
    }
}
