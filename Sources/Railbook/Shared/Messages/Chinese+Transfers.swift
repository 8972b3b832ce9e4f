/// Simplified Chinese texts of journeys with one change (中转) on the search results page.
extension Messages {
    static let chineseTransfers: [String: String] = [
        "transfers_heading": "中转方案（换乘一次）",
        "transfers_count": "共 %@ 个中转方案",
        "transfers_none": "当日没有换乘一次可到达的方案。",
        "transfers_note": "筛选和排序只适用于直达车次；中转方案按到达时间、全程用时排列。",
        "transfer_at": "在%@换乘",
        "transfer_wait_minutes": "换乘 %@ 分钟",
        "transfer_wait_hours": "换乘 %@ 小时 %@ 分钟",
        "transfer_station_change": "换站：%@ → %@",
        "transfer_total": "全程 %@",
        "transfer_legs_label": "本方案的车次",
    ]
}
