/// A mainland provincial-level division (省级行政区), as an address's first line names it.
struct Province: Sendable {
    /// The official Chinese name, which is also the form value and what an address stores.
    let name: String
    /// The usual English name, for option labels on English pages.
    let englishName: String

    /// The option label in `language`: the Chinese name, with the English one first on English pages.
    func label(_ language: Language) -> String {
        language == .english ? "\(englishName) \(name)" : name
    }

    /// The 31 mainland divisions in the order of their GB/T 2260 codes (北京 11 … 新疆 65).
    static let all: [Province] = [
        ("北京市", "Beijing"), ("天津市", "Tianjin"), ("河北省", "Hebei"), ("山西省", "Shanxi"),
        ("内蒙古自治区", "Inner Mongolia"), ("辽宁省", "Liaoning"), ("吉林省", "Jilin"), ("黑龙江省", "Heilongjiang"),
        ("上海市", "Shanghai"), ("江苏省", "Jiangsu"), ("浙江省", "Zhejiang"), ("安徽省", "Anhui"), ("福建省", "Fujian"),
        ("江西省", "Jiangxi"), ("山东省", "Shandong"), ("河南省", "Henan"), ("湖北省", "Hubei"), ("湖南省", "Hunan"),
        ("广东省", "Guangdong"), ("广西壮族自治区", "Guangxi"), ("海南省", "Hainan"), ("重庆市", "Chongqing"),
        ("四川省", "Sichuan"), ("贵州省", "Guizhou"), ("云南省", "Yunnan"), ("西藏自治区", "Tibet"), ("陕西省", "Shaanxi"),
        ("甘肃省", "Gansu"), ("青海省", "Qinghai"), ("宁夏回族自治区", "Ningxia"), ("新疆维吾尔自治区", "Xinjiang"),
    ].map { Province(name: $0.0, englishName: $0.1) }

    /// True when `name` is one of `all`.
    static func isKnown(_ name: String) -> Bool {
        all.contains { $0.name == name }
    }
}
