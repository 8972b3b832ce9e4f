import Mustache

/// One run in the back office (`admin/runs`, and the cancel confirmation `admin/run_cancel`): its
/// state, delay and sales per class.
struct AdminRunViewModel: MustacheRenderable {
    let run: AdminRun
    let sales: [AdminRun.Sales]
    /// The runs page of this run (train and date filled in).
    let backHref: String
    /// The delay field as typed when it was refused, else nil (it then shows the run's delay).
    var typedDelay: String?
    let renderer: PageRenderer
    let context: AppContext

    var mustacheValue: MustacheValue {
        .object([
            "id": .string(String(run.id)), "train": .string(run.train.number), "date": .string(run.serviceDate.description),
            "status": .string(run.isCancelled ? "cancelled" : "scheduled"),
            "statusText": .string(renderer.text(run.isCancelled ? "train_status_cancelled" : "train_status_scheduled", context)),
            "isCancelled": .bool(run.isCancelled),
            "delayMinutes": .string(String(run.delayMinutes)),
            "delayValue": .string(typedDelay ?? String(run.delayMinutes)),
            "delayInvalid": .bool(typedDelay != nil),
            "backHref": .string(backHref),
            "hasSales": .bool(!sales.isEmpty),
            "sales": .list(sales.map { line in
                .object([
                    "seatClass": .string(line.seatClass.rawValue), "className": .string(renderer.text(line.seatClass.messageKey, context)),
                    "held": .string(String(line.held)), "issued": .string(String(line.issued)), "revenue": .string(Money.format(line.revenueFen)),
                ])
            }),
            "totalRevenue": .string(Money.format(sales.reduce(0) { $0 + $1.revenueFen })),
        ])
    }
}
