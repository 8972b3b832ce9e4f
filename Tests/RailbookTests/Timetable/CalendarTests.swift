import Dispatch
import HTMLTesting
import HTTP
import Synchronization
import XCTest

@testable import Railbook

final class CalendarTests: XCTestCase {
    private var today: CivilDate { ChinaTime.today() }

    private func date(_ text: String) throws -> CivilDate { try XCTUnwrap(CivilDate(iso: text)) }

    private func caption(_ month: CalendarMonth) -> String { "\(month.year)年\(month.month)月" }

    /// A client for the small network whose presale window is `presaleDays` long.
    private func client(presaleDays: Int = 15, acceptLanguage: String = "zh-CN") throws -> TestClient {
        var configuration = SiteConfiguration()
        configuration.root = TestSite.projectRoot
        configuration.databaseLocation = try TestDatabase.newLocation()
        configuration.logsRequests = false
        configuration.presaleDays = presaleDays
        let client = TestClient(application: try Application(configuration: configuration), acceptLanguage: acceptLanguage)
        try TimetableFixtures.load(into: client.application)
        return client
    }

    private func skipUnlessTodayHasHolidayData() throws {
        try XCTSkipUnless(PublicHolidays.months.contains(CalendarMonth(of: today)), "the holiday table ends before today")
    }

    // MARK: Lunar dates and holidays

    func testLunarDatesOfKnownDays() throws {
        let springFestival2026 = ChineseCalendar.lunarDate(of: try date("2026-02-17"))
        XCTAssertEqual(springFestival2026, LunarDate(month: 1, day: 1, isLeapMonth: false))
        XCTAssertEqual(springFestival2026.label, "正月")
        XCTAssertEqual(ChineseCalendar.lunarDate(of: try date("2027-02-06")).label, "正月")
        let newYearsEve = ChineseCalendar.lunarDate(of: try date("2026-02-16"))
        XCTAssertEqual([newYearsEve.monthName, newYearsEve.dayName], ["腊月", "廿九"])
        let leap = ChineseCalendar.lunarDate(of: try date("2025-07-25"))
        XCTAssertEqual(leap, LunarDate(month: 6, day: 1, isLeapMonth: true))
        XCTAssertEqual(leap.label, "闰六月")
        XCTAssertEqual(ChineseCalendar.lunarDate(of: try date("2025-07-24")).label, "三十", "the last day of the ordinary 六月")
        XCTAssertEqual(ChineseCalendar.lunarDate(of: try date("2025-08-23")).label, "七月", "the month after the leap month")
        XCTAssertEqual(ChineseCalendar.lunarDate(of: try date("2026-09-25")).label, "十五", "中秋节 2026")
        XCTAssertEqual(ChineseCalendar.lunarDate(of: try date("2026-09-25")), ChineseCalendar.lunarDate(of: try date("2026-09-25")))
    }

    func testLunarDatesAreTheSameFromManyThreads() throws {
        let first = try date("2030-01-01")
        let results = Mutex<[[LunarDate]]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            let offsets = (0..<200).map { ($0 + thread * 25) % 200 }
            var lunar = Array(repeating: LunarDate(month: 1, day: 1, isLeapMonth: false), count: 200)
            for offset in offsets { lunar[offset] = ChineseCalendar.lunarDate(of: first.adding(days: offset)) }
            results.withLock { $0.append(lunar) }
        }
        let all = results.withLock { $0 }
        XCTAssertEqual(all.count, 8)
        XCTAssertTrue(all.allSatisfy { $0 == all[0] })
        XCTAssertEqual(all[0][33].label, "正月", "2030-02-03 is 正月初一")
    }

    func testLunarDayAndMonthNames() {
        let names = [1, 2, 10, 11, 19, 20, 21, 29, 30].map { LunarDate(month: 3, day: $0, isLeapMonth: false).dayName }
        XCTAssertEqual(names, ["初一", "初二", "初十", "十一", "十九", "二十", "廿一", "廿九", "三十"])
        XCTAssertEqual(
            (1...12).map { LunarDate(month: $0, day: 1, isLeapMonth: false).label },
            ["正月", "二月", "三月", "四月", "五月", "六月", "七月", "八月", "九月", "十月", "冬月", "腊月"])
        XCTAssertEqual(LunarDate(month: 4, day: 1, isLeapMonth: true).label, "闰四月")
    }

    func testHolidayLookups() throws {
        guard case .dayOff(let nationalDay) = PublicHolidays.mark(on: try date("2026-10-01")) else {
            return XCTFail("2026-10-01 is a day off")
        }
        XCTAssertEqual(nationalDay.festival, .nationalDay)
        XCTAssertEqual(nationalDay.daysOff, try date("2026-10-01")...date("2026-10-07"))
        XCTAssertFalse(nationalDay.isProvisional)
        XCTAssertNil(PublicHolidays.mark(on: try date("2026-10-08")))
        guard case .makeUpWorkday(let madeUp) = PublicHolidays.mark(on: try date("2026-10-10")) else {
            return XCTFail("2026-10-10 (a Saturday) is a make-up working day")
        }
        XCTAssertEqual(madeUp.festival, .nationalDay)
        guard case .makeUpWorkday(let springWork) = PublicHolidays.mark(on: try date("2026-02-14")) else {
            return XCTFail("2026-02-14 is a make-up working day")
        }
        XCTAssertEqual(springWork.festival, .springFestival)
        XCTAssertEqual(PublicHolidays.mark(on: try date("2027-02-06"))?.holiday.isProvisional, true)
        XCTAssertEqual(PublicHolidays.holidays(touching: CalendarMonth(year: 2026, month: 9)!).map(\.festival), [.midAutumn, .nationalDay])
    }

    func testEveryYearHasEachHolidayOnceAroundItsStatutoryDay() throws {
        for year in [2026, 2027] {
            let holidays = PublicHolidays.all.filter { $0.daysOff.lowerBound.year == year }
            XCTAssertEqual(holidays.map(\.festival), PublicHoliday.Festival.allCases, "\(year)")
            func lunarDays(_ festival: PublicHoliday.Festival) -> [LunarDate] {
                guard let range = holidays.first(where: { $0.festival == festival })?.daysOff else { return [] }
                return (range.lowerBound.daysSinceEpoch...range.upperBound.daysSinceEpoch)
                    .map { ChineseCalendar.lunarDate(of: CivilDate(daysSinceEpoch: $0)) }
            }
            XCTAssertTrue(lunarDays(.springFestival).contains(LunarDate(month: 1, day: 1, isLeapMonth: false)), "\(year)")
            XCTAssertTrue(lunarDays(.dragonBoat).contains(LunarDate(month: 5, day: 5, isLeapMonth: false)), "\(year)")
            XCTAssertTrue(lunarDays(.midAutumn).contains(LunarDate(month: 8, day: 15, isLeapMonth: false)), "\(year)")
            for holiday in holidays {
                for workday in holiday.makeUpWorkdays {
                    XCTAssertTrue([0, 6].contains(workday.weekday), "\(workday) is a weekend day made a working day")
                }
            }
        }
    }

    // MARK: The month page

    func testTheCurrentMonthShowsEveryDayFromMonday() throws {
        try skipUnlessTodayHasHolidayData()
        let page = try client().get("/calendar")
        XCTAssertEqual(page.status, .ok)
        let document = try page.document()
        let month = CalendarMonth(of: today)
        XCTAssertEqual(document.text("//table[@class='calendar']/caption"), caption(month))
        XCTAssertEqual(document.nodes("//table/thead//th[@scope='col']").map(\.text), ["周一", "周二", "周三", "周四", "周五", "周六", "周日"])
        XCTAssertEqual(document.nodes("//td[@data-date]").compactMap { $0.attribute("data-date") }, month.days.map(\.description))
        let first = try XCTUnwrap(document.node("//td[@data-date='\(month.firstDay)']"))
        XCTAssertEqual(first.count("preceding-sibling::td"), (month.firstDay.weekday + 6) % 7, "Monday is the first column")
        let todayCell = try XCTUnwrap(document.node("//td[@data-date='\(today)']"))
        XCTAssertEqual(todayCell.attribute("aria-current"), "date")
        XCTAssertNil(todayCell.node(".//a"), "without stations a day has nothing to search")
        XCTAssertEqual(todayCell.text("./span[contains(@class,'calendar__lunar')]"), ChineseCalendar.lunarDate(of: today).label)
        if today.day > 1 {
            let yesterday = try XCTUnwrap(document.node("//td[@data-date='\(today.adding(days: -1))']"))
            XCTAssertTrue(yesterday.attribute("class")?.contains("calendar__day--past") ?? false)
            XCTAssertNil(yesterday.node(".//a"), "no search for a past date")
        }
        XCTAssertNil(document.node("//*[@role='alert']"))
    }

    func testDatesInsideTheWindowLinkToTheSearchAndLaterOnesSayWhenPresaleOpens() throws {
        let lastOnSale = today.adding(days: 14)
        let firstLater = lastOnSale.adding(days: 1)
        try XCTSkipUnless(PublicHolidays.months.contains(CalendarMonth(of: firstLater)), "the holiday table ends too early")
        let client = try client()
        let lastMonth = try client.get("/calendar?month=\(CalendarMonth(of: lastOnSale))&from=%E7%94%B2%E5%9F%8E&to=%E4%B9%99%E5%9F%8E").document()
        let link = try XCTUnwrap(lastMonth.node("//td[@data-date='\(lastOnSale)']//a")?.attribute("href"))
        XCTAssertEqual(link, "/search?date=\(lastOnSale)&from=%E7%94%B2%E5%9F%8E&to=%E4%B9%99%E5%9F%8E")
        let results = try client.get(link)
        XCTAssertEqual(results.status, .ok)
        XCTAssertEqual(try results.document().count("//li[@class='trip']"), 3, "the calendar's link searches the trip")
        let laterMonth = try client.get("/calendar?month=\(CalendarMonth(of: firstLater))").document()
        let later = try XCTUnwrap(laterMonth.node("//td[@data-date='\(firstLater)']"))
        XCTAssertNil(later.node(".//a"))
        let opens = today.adding(days: 1)
        XCTAssertEqual(later.text(".//span[@class='calendar__presale']"), "\(opens.month)月\(opens.day)日起售")
    }

    func testHolidaysMakeUpDaysAndLunarMonthsInTheGrid() throws {
        let document = try client().get("/calendar?month=2026-02").document()
        XCTAssertEqual(document.text("//caption"), "2026年2月")
        let festival = try XCTUnwrap(document.node("//td[@data-date='2026-02-17']"))
        XCTAssertEqual(festival.attribute("data-holiday"), "spring_festival")
        XCTAssertEqual(festival.text(".//span[@class='calendar__holiday']"), "春节")
        XCTAssertEqual(festival.text(".//span[contains(@class,'calendar__lunar')]"), "正月")
        XCTAssertEqual(document.text("//td[@data-date='2026-02-18']//span[contains(@class,'calendar__lunar')]"), "初二")
        XCTAssertEqual(document.count("//td[@data-holiday='spring_festival']"), 9)
        XCTAssertEqual(document.nodes("//td[@data-workday]").compactMap { $0.attribute("data-date") }, ["2026-02-14", "2026-02-28"])
        XCTAssertEqual(document.text("//td[@data-date='2026-02-14']//span[@class='calendar__workday']"), "班")
        XCTAssertEqual(
            document.text("//section[contains(@class,'calendar-holidays')]//p[@data-holiday='spring_festival']"),
            "春节：2月15日至2月23日放假，共9天 调休上班：2月14日、2月28日")
        let october = try client().get("/calendar?month=2026-10").document()
        XCTAssertEqual(october.count("//td[@data-holiday='national_day']"), 7)
        XCTAssertEqual(october.node("//td[@data-date='2026-10-01']")?.attribute("data-holiday"), "national_day")
        let provisional = try client().get("/calendar?month=2027-10").document()
        XCTAssertNotNil(provisional.node("//p[contains(.,'暂定')]"), "2027 is marked provisional")
    }

    func testEnglishPagesShowLunarDatesInEnglish() throws {
        let client = try client(acceptLanguage: "en")
        let document = try client.get("/calendar?month=2026-10").document()
        XCTAssertEqual(document.node("/html")?.attribute("lang"), "en")
        XCTAssertEqual(document.text("//caption"), "October 2026")
        XCTAssertEqual(document.nodes("//thead//th").map(\.text), ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        XCTAssertEqual(document.text("//td[@data-date='2026-10-01']//span[@class='calendar__holiday']"), "National Day")
        XCTAssertEqual(document.text("//td[@data-date='2026-10-10']//span[@class='calendar__workday']"), "Work")
        XCTAssertEqual(document.text("//td[@data-date='2026-10-01']//span[contains(@class,'calendar__lunar')]"), "Lunar 8/21")
        XCTAssertNil(document.node("//td[@data-date='2026-10-01']//span[contains(@class,'calendar__lunar')]")?.attribute("lang"))
        let lunar = document.nodes("//span[contains(@class,'calendar__lunar')]").map(\.text)
        XCTAssertEqual(lunar.count, 31)
        XCTAssertTrue(lunar.allSatisfy { $0.wholeMatch(of: /Lunar [0-9]{1,2}\/[0-9]{1,2}/) != nil }, "no Chinese left: \(lunar)")
        XCTAssertTrue(document.text("//li[contains(.,'农历')]")?.hasPrefix("“Lunar 8/21”") ?? false, "the key explains the form")
        let february = try client.get("/calendar?month=2026-02").document()
        let festival = try XCTUnwrap(february.node("//td[@data-date='2026-02-17']//span[contains(@class,'calendar__lunar')]"))
        XCTAssertEqual(festival.text, "Lunar 1/1")
        XCTAssertEqual(festival.attribute("class"), "calendar__lunar calendar__lunar--month", "a lunar month's first day stands out")
        XCTAssertEqual(february.text("//td[@data-date='2026-02-17']//span[@class='calendar__holiday']"), "Spring Fest.")

        let chinese = try TestClient(application: client.application).get("/calendar?month=2026-10").document()
        XCTAssertEqual(chinese.text("//td[@data-date='2026-10-01']//span[contains(@class,'calendar__lunar')]"), "廿一", "Chinese pages keep 廿一")
    }

    func testLunarDatesInEachLanguage() throws {
        let messages = try TestSite.messages()
        let cases: [(LunarDate, String, String)] = [
            (LunarDate(month: 1, day: 1, isLeapMonth: false), "正月", "Lunar 1/1"),
            (LunarDate(month: 11, day: 5, isLeapMonth: false), "初五", "Lunar 11/5"),
            (LunarDate(month: 12, day: 29, isLeapMonth: false), "廿九", "Lunar 12/29"),
            (LunarDate(month: 6, day: 1, isLeapMonth: true), "闰六月", "Lunar leap 6/1"),
            (LunarDate(month: 6, day: 15, isLeapMonth: true), "十五", "Lunar leap 6/15"),
        ]
        for (lunar, chinese, english) in cases {
            XCTAssertEqual(lunar.text(in: .chinese, messages), chinese)
            XCTAssertEqual(lunar.text(in: .english, messages), english)
        }
    }

    func testMonthLinksKeepTheTripAndStopAtTheEndsOfTheData() throws {
        let client = try client()
        let page = try client.get("/calendar?month=2026-10&from=%E7%94%B2%E5%9F%8E&to=%E4%B9%99%E5%9F%8E").document()
        XCTAssertEqual(page.node("//a[@rel='prev']")?.attribute("href"), "/calendar?month=2026-09&from=%E7%94%B2%E5%9F%8E&to=%E4%B9%99%E5%9F%8E")
        let next = try XCTUnwrap(page.node("//a[@rel='next']")?.attribute("href"))
        XCTAssertEqual(next, "/calendar?month=2026-11&from=%E7%94%B2%E5%9F%8E&to=%E4%B9%99%E5%9F%8E")
        XCTAssertEqual(try client.get(next).document().text("//caption"), "2026年11月")
        XCTAssertEqual(page.text("//p[@class='calendar-trip']"), "点击日期查询 甲城 → 乙城 的车次。")
        let january = try client.get("/calendar?month=2026-01").document()
        XCTAssertNil(january.node("//a[@rel='prev']"))
        XCTAssertEqual(january.node("//a[@rel='next']")?.attribute("href"), "/calendar?month=2026-02")
        let december = try client.get("/calendar?month=2027-12").document()
        XCTAssertNil(december.node("//a[@rel='next']"))
        XCTAssertEqual(december.node("//a[@rel='prev']")?.attribute("href"), "/calendar?month=2027-11")
    }

    func testTheMonthFormSubmitsAsABrowserWould() throws {
        let client = try client()
        let page = try client.get("/calendar?month=2026-03&from=%E7%94%B2%E5%9F%8E&to=%E4%B9%99%E5%9F%8E")
        var form = try page.document().form(action: "/calendar")
        try form.fill("month", "2027-05")
        let shown = try client.submit(form, from: page)
        XCTAssertEqual(try shown.document().text("//caption"), "2027年5月")
        XCTAssertTrue(shown.target.contains("from=%E7%94%B2%E5%9F%8E"), shown.target)
    }

    func testBadMonthValuesShowTheNearestMonthWithAMessage() throws {
        try skipUnlessTodayHasHolidayData()
        let client = try client()
        for bad in ["2026-13", "2026-00", "2026-1", "abc", "<script>", "2026-10-01", "２０２６-１０", "-2026-10", "2026-1a"] {
            let page = try client.get("/calendar?month=" + PercentEncoding.encode(bad))
            XCTAssertEqual(page.status, .ok, bad)
            let document = try page.document()
            XCTAssertEqual(document.text("//caption"), caption(CalendarMonth(of: today)), bad)
            XCTAssertTrue(document.text("//*[@role='alert']")?.contains("不是有效的月份") ?? false, bad)
        }
        XCTAssertEqual(try client.get("/calendar?month=%3Cb%3E").text.contains("<b>"), false, "the value sent is escaped")
        for (outside, shown) in [("2025-12", "2026年1月"), ("1999-01", "2026年1月"), ("2028-01", "2027年12月"), ("9999-12", "2027年12月")] {
            let document = try client.get("/calendar?month=\(outside)").document()
            XCTAssertEqual(document.text("//caption"), shown, outside)
            XCTAssertEqual(document.text("//*[@role='alert']"), "日历只提供2026年1月至2027年12月的日期，已显示最接近的月份。", outside)
        }
        XCTAssertNil(try client.get("/calendar?month=").document().node("//*[@role='alert']"), "an empty month is the current one")
    }

    // MARK: The date strip on the search results

    func testTheDateStripMarksHolidaysAndLinksTheCalendar() throws {
        guard let holiday = PublicHolidays.all.first(where: { $0.daysOff.lowerBound > today }) else {
            throw XCTSkip("no holiday left in the table")
        }
        let day = holiday.daysOff.lowerBound
        let client = try client(presaleDays: day.daysSinceEpoch - today.daysSinceEpoch + 1)
        let results = try client.get("/search?from=%E7%94%B2%E5%9F%8E&to=%E4%B9%99%E5%9F%8E&date=\(today)")
        let document = try results.document()
        let strip = try XCTUnwrap(document.node("//nav[contains(@class,'date-strip')]"))
        let mark = try XCTUnwrap(strip.node(".//a[@data-date='\(day)']/span[@class='date-strip__holiday']"))
        XCTAssertEqual(mark.attribute("data-holiday"), holiday.festival.rawValue)
        XCTAssertEqual(mark.text, try TestSite.messages().text(holiday.festival.shortMessageKey, .chinese))
        XCTAssertEqual(strip.text(".//a[@data-date='\(today)']/span[@class='date-strip__lunar']"), ChineseCalendar.lunarDate(of: today).label)
        let calendar = try XCTUnwrap(document.node("//p[@class='date-strip__calendar']/a")?.attribute("href"))
        XCTAssertEqual(calendar, "/calendar?month=\(CalendarMonth(of: today))&from=%E7%94%B2%E5%9F%8E&to=%E4%B9%99%E5%9F%8E")
        if PublicHolidays.months.contains(CalendarMonth(of: today)) {
            let page = try client.get(calendar).document()
            XCTAssertEqual(
                page.node("//td[@data-date='\(today)']//a")?.attribute("href"),
                "/search?date=\(today)&from=%E7%94%B2%E5%9F%8E&to=%E4%B9%99%E5%9F%8E")
        }
        var english = Headers()
        english.add("Accept-Language", "en")
        client.defaultHeaders = english
        let englishResults = try client.get("/search?from=%E7%94%B2%E5%9F%8E&to=%E4%B9%99%E5%9F%8E&date=\(today)").document()
        let lunarToday = ChineseCalendar.lunarDate(of: today)
        XCTAssertEqual(
            englishResults.text("//a[@data-date='\(today)']/span[@class='date-strip__lunar']"), lunarToday.text(in: .english, try TestSite.messages())
        )
        XCTAssertTrue(
            englishResults.text("//a[@data-date='\(today)']/span[@class='date-strip__lunar']")?.hasPrefix(
                "Lunar \(lunarToday.isLeapMonth ? "leap " : "")\(lunarToday.month)/") ?? false)
        XCTAssertEqual(
            englishResults.count("//span[@class='date-strip__lunar']"), document.count("//span[@class='date-strip__lunar']"),
            "every day of the strip, as on Chinese pages")
        client.defaultHeaders = Headers()
        XCTAssertEqual(
            try client.get("/search?from=%E7%94%B2%E5%9F%8E&to=%E4%B9%99%E5%9F%8E&date=\(today)").document()
                .text("//a[@data-date='\(today)']/span[@class='date-strip__lunar']"), lunarToday.label, "each language keeps its own strip")
        XCTAssertEqual(
            englishResults.text("//a[@data-date='\(day)']/span[@class='date-strip__holiday']"),
            try TestSite.messages().text(holiday.festival.shortMessageKey, .english))
    }

    func testWithoutStationsTheCalendarAsksForThemAndNeverLinksToAnErrorPage() throws {
        let client = try client()
        let page = try client.get("/calendar")
        let document = try page.document()
        XCTAssertEqual(document.count("//table[@class='calendar']//a"), 0, "no day links to a search without stations")
        XCTAssertEqual(document.text("//p[@class='calendar-choose']"), "选择出发站和到达站后，点击日期即可查询当天的车次。")
        var form = try document.form("//form[@class='calendar-stations']")
        try form.fill("from", "甲城")
        try form.fill("to", "CCC")
        let chosen = try client.submit(form, from: page)
        XCTAssertEqual(chosen.status, .ok)
        let withStations = try chosen.document()
        XCTAssertEqual(withStations.text("//p[@class='calendar-trip']"), "点击日期查询 甲城 → 丙城 的车次。", "station names, not codes")
        // The month's last day on sale: its trains have not left yet, whatever the time of day.
        let link = try XCTUnwrap(withStations.node("(//table[@class='calendar']//td[.//a])[last()]//a")?.attribute("href"))
        let results = try client.get(link)
        XCTAssertEqual(results.status, .ok, "the day link opens real results")
        XCTAssertNotNil(try results.document().node("//li[@data-train='G101']"))

        let unknown = try client.get("/calendar?from=%E6%97%A0%E6%AD%A4%E7%AB%99&to=CCC").document()
        XCTAssertEqual(unknown.count("//table[@class='calendar']//a"), 0)
        XCTAssertEqual(unknown.text("//p[@role='alert']"), "找不到名为“无此站”的车站。")
    }

    func testTheSearchFormLinksTheCalendar() throws {
        let client = try client()
        XCTAssertNotNil(try client.get("/?from=AAA").document().node("//form[@class='search-form']//a[@href='/calendar']"))
        let results = try client.get("/search?from=AAA&to=CCC&date=\(today)").document()
        XCTAssertEqual(
            results.node("//form[@class='search-form']//a[starts-with(@href,'/calendar')]")?.attribute("href"),
            "/calendar?from=%E7%94%B2%E5%9F%8E&to=%E4%B8%99%E5%9F%8E")
    }
}
