import HTTP
import Storage

/// `/trains/:number`: one run of a train — its stops and times, status, and the seat classes with
/// prices and seats left between two of its stops. The stops, with the run's times as they stand,
/// are rendered once and kept while the runs and running reports stand (`Railway.trainStops`). An unknown train is a 404; a bad date or
/// station is a message on the page (422), which still shows the timetable.
struct TrainController: Controller {
    let renderer: PageRenderer
    let railway: Railway
    let database: DatabasePool

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/trains/:number", use: show)
    }

    func show(_ request: Request, _ context: inout AppContext) throws -> Response {
        let number = String(try context.parameters.require("number").prefix(20))
        guard let train = railway.timetable.train(number: number.uppercased()) else {
            throw HTTPError(.notFound, message: renderer.messages.text("train_unknown", context.language, number))
        }
        let today = context.today
        let outcome = try TrainPageValidation(railway: railway, today: today, language: context.language)
            .check(train, date: request.query["date"], from: request.query["from"], to: request.query["to"])
        let text = renderer.texts(context), timetable = railway.timetable
        let stops = try railway.trainStops.html(
            TrainStopsViewModel.Key(train: train, outcome: outcome, language: context.language), stamp: railway.runningStamp
        ) {
            let running = try outcome.run.map { try railway.runningStatus(of: $0, train: train) }
            return try renderer.fragment(
                "timetable/_train_stops", TrainStopsViewModel(train: train, outcome: outcome, running: running, timetable: timetable, text: text),
                language: context.language)
        }
        let page = TrainPageViewModel(
            train: train, outcome: outcome, offers: try TrainPageViewModel.stretchOffers(train, outcome, railway: railway),
            timetable: timetable, presaleWindow: railway.presaleWindow(today: today), stopsHTML: stops, text: text)
        return try renderer.page(
            "timetable/train", page, context: context,
            status: outcome.problems.isEmpty ? .ok : .unprocessableContent)
    }
}
