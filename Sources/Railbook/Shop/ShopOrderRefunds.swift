import SQLite

/// The shop's reaction to booking events: a seat that is no longer the passenger's (ticket
/// refunded or changed) or a run that will not go (cancelled) takes no delivery, so the open
/// orders for it are cancelled or refunded in full.
struct ShopOrderRefunds: Sendable {
    let database: DatabasePool
    let clock: any Clock

    /// Withdraws the open orders delivering to ticket `ticketID`.
    func ticketGone(_ ticketID: Int64) {
        run { try ShopOrders.refundAll(forTicket: ticketID, now: clock.now(), in: $0) }
    }

    /// Withdraws the open orders delivering to seats on run `runID`.
    func runCancelled(_ runID: Int64) {
        run { try ShopOrders.refundAll(forRun: runID, now: clock.now(), in: $0) }
    }

    /// Events are published after their commit and cannot fail; a failure here is logged, and the
    /// accept-deadline job still refunds orders the merchant never accepts.
    private func run(_ body: (Database) throws -> Int) {
        do {
            _ = try database.write(body)
        } catch {
            print("error: shop order refunds: \(error)")
        }
    }
}
