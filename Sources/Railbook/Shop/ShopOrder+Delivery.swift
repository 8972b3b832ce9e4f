import Storage

extension ShopOrder {
    /// When the merchant may mark a seat order delivered: once its train has left the supplying
    /// station (the first stop for a dining car, the shop's own station for a station shop).
    struct Deliverability: Sendable {
        /// The departure from the supplying station (Unix seconds).
        let from: Int
        /// The supplying station.
        let stationID: Int64
    }

    /// The time from which this order can be delivered, or nil when there is none (posted orders,
    /// or a train the shop no longer supplies).
    func deliverability(timetable: Timetable, in db: Database) throws -> Deliverability? {
        guard deliveryKind == .seat, let runID, let shop = try Shop.find(id: shopID, in: db),
            let run = try db.queryOne("SELECT train_id, service_date FROM runs WHERE id = ?", [runID]),
            let train = timetable.train(id: try run.int64("train_id")),
            let serviceDate = CivilDate(iso: try run.string("service_date"))
        else { return nil }
        let index: Int?
        switch shop.kind {
        case .catering: index = train.stops.isEmpty ? nil : 0
        case .station: index = shop.stationID.flatMap { train.stopIndex(of: $0) }
        case .specialty: index = nil
        }
        guard let index else { return nil }
        let stop = train.stops[index]
        return Deliverability(from: RunLeg.unixTime(serviceDate, minute: stop.departureOrArrival), stationID: stop.stationID)
    }
}
