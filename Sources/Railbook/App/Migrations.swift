import Storage

/// Every schema change of Railbook, in order. Append new migrations; never edit applied ones.
enum Migrations {
    static let all: Migrator = {
        var migrator = Migrator()
        migrator.register("2026-11-29-settings") { database in
            try database.executeSchema("""
                CREATE TABLE settings (
                    name VARCHAR(100) PRIMARY KEY,
                    value TEXT NOT NULL
                )
                """)
        }
        addAccounts(to: &migrator)
        addTimetable(to: &migrator)
        addBooking(to: &migrator)
        addWaitlist(to: &migrator)
        addPayments(to: &migrator)
        addTicketChanges(to: &migrator)
        addShop(to: &migrator)
        addAddresses(to: &migrator)
        addFeedback(to: &migrator)
        addComplaints(to: &migrator)
        addShopOrders(to: &migrator)
        AuditLog.addMigration(to: &migrator)
        addNotices(to: &migrator)
        addPassengerDetails(to: &migrator)
        addNoticeLinks(to: &migrator)
        addWaitlistCloseReasons(to: &migrator)
        addSearchHistoryDates(to: &migrator)
        addStationEnglishNames(to: &migrator)
        addLoginAttempts(to: &migrator)
        addOutbox(to: &migrator)
        addUnpaidOrderIndexes(to: &migrator)
        addAnnouncements(to: &migrator)
        addSeatChoice(to: &migrator)
        addShopOrderLineNumbers(to: &migrator)
        addCacheChanges(to: &migrator)
        addWorkDoneOnce(to: &migrator)
        return migrator
    }()
}
