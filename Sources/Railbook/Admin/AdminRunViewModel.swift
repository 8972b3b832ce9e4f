/// One run in the back office (`admin/runs`, and the cancel confirmation `admin/run_cancel`): its
/// state, delay and sales per class.
struct AdminRunViewModel: Encodable {
    /// The tickets of one seat class.
    struct Sales: Encodable {
        let seatClass: String
        let className: String
        let held: String
        let issued: String
        let revenue: String
    }

    let id: String
    let train: String
    let date: String
    /// `scheduled` or `cancelled`.
    let status: String
    let statusText: String
    let isCancelled: Bool
    let delayMinutes: String
    /// What the delay field shows: as typed when it was refused, else the run's delay.
    let delayValue: String
    /// True when the delay typed was refused.
    let delayInvalid: Bool
    /// The runs page of this run (train and date filled in).
    let backHref: String
    let hasSales: Bool
    let sales: [Sales]
    let totalRevenue: String

    /// `run` with its `sales`; `typedDelay` is the delay field as typed when it was refused, else nil.
    init(run: AdminRun, sales: [AdminRun.Sales], backHref: String, typedDelay: String? = nil, text: TextLookup) {
        id = String(run.id)
        train = run.train.number
        date = run.serviceDate.description
        status = run.isCancelled ? "cancelled" : "scheduled"
        statusText = text(run.isCancelled ? "train_status_cancelled" : "train_status_scheduled")
        isCancelled = run.isCancelled
        delayMinutes = String(run.delayMinutes)
        delayValue = typedDelay ?? String(run.delayMinutes)
        delayInvalid = typedDelay != nil
        self.backHref = backHref
        hasSales = !sales.isEmpty
        self.sales = sales.map { line in
            Sales(
                seatClass: line.seatClass.rawValue, className: text(line.seatClass.messageKey), held: String(line.held),
                issued: String(line.issued), revenue: Money.format(line.revenueFen))
        }
        totalRevenue = Money.format(sales.reduce(0) { $0 + $1.revenueFen })
    }
}
