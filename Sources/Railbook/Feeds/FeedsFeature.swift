/// Open feeds: the timetable as GTFS, delays and cancellations as GTFS Realtime.
enum FeedsFeature: Feature {
    static func controllers(_ services: Services) -> [Mount] {
        [
            .everyone(
                FeedsController(
                    database: services.database, railway: services.railway, messages: services.renderer.messages,
                    site: services.mail.composer.site))
        ]
    }
}
