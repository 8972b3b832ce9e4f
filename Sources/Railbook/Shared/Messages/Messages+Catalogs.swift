extension Messages {
    /// Every English text: the site's own and each feature's.
    static let english: [String: String] = merged([englishSite, englishAccounts, englishProfile, englishPassengers, englishTimetable, englishBooking,
                                                   englishTransfers, englishCalendar, englishStations, englishTickets,
                                                   englishPayments, englishRefunds, englishWaitlist,
                                                   englishAddresses, englishFeedback, englishWelcome, englishShop, englishComplaints,
                                                   englishShopOrders, englishAdmin, englishAdminRuns, englishAdminUsers, englishAdminTimetable, englishAdminDesk, englishAdminOrders,
                                                   englishRules, englishNotices, englishResults, englishAnnouncements, englishShopPreview,
                                                   englishSeatChoice, englishAccountHub])
    /// Every Simplified Chinese text.
    static let chinese: [String: String] = merged([chineseSite, chineseAccounts, chineseProfile, chinesePassengers, chineseTimetable, chineseBooking,
                                                   chineseTransfers, chineseCalendar, chineseStations, chineseTickets,
                                                   chinesePayments, chineseRefunds, chineseWaitlist,
                                                   chineseAddresses, chineseFeedback, chineseWelcome, chineseShop, chineseComplaints,
                                                   chineseShopOrders, chineseAdmin, chineseAdminRuns, chineseAdminUsers, chineseAdminTimetable, chineseAdminDesk, chineseAdminOrders,
                                                   chineseRules, chineseNotices, chineseResults, chineseAnnouncements, chineseShopPreview,
                                                   chineseSeatChoice, chineseAccountHub])

    private static func merged(_ tables: [[String: String]]) -> [String: String] {
        tables.reduce(into: [:]) { result, table in
            result.merge(table) { first, _ in
                assertionFailure("a message key is defined twice")
                return first
            }
        }
    }
}
