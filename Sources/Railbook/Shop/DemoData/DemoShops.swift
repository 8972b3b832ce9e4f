import Storage

/// The demo shops and products (see docs/data.md), anchored to demo trains and stations.
/// Shops: `code|kind|anchor|open|name_zh|name_en|description_zh|description_en`.
enum DemoShops {
    /// Loads the demo shops when there are none yet and the demo network is present (its 北京南,
    /// VNP); returns whether it did.
    @discardableResult
    static func loadIfEmpty(into database: DatabasePool) throws -> Bool {
        try database.write { db in
            guard try db.queryOne("SELECT id FROM shops LIMIT 1") == nil,
                try db.queryOne("SELECT id FROM stations WHERE telecode = 'VNP'") != nil
            else { return false }
            try ShopText.loadShops(shops, into: db)
            try ShopText.loadProducts(cateringProducts, into: db)
            try ShopText.loadProducts(stationProducts, into: db)
            try ShopText.loadProducts(specialtyProducts, into: db)
            return true
        }
    }

    static let shops = """
        g1|catering|G1|1|G1 次列车餐车|Dining car of train G1|京沪高铁复兴号餐车：盒饭、面食、饮品和水果，送到您的座位。|The Beijing–Shanghai Fuxing dining car: rice boxes, noodles, drinks and fruit, brought to your seat.
        g2|catering|G2|1|G2 次列车餐车|Dining car of train G2|京沪高铁复兴号餐车：盒饭、面食、饮品和水果，送到您的座位。|The Beijing–Shanghai Fuxing dining car: rice boxes, noodles, drinks and fruit, brought to your seat.
        g7|catering|G7|1|G7 次列车餐车|Dining car of train G7|午间班次，备有热餐和现磨咖啡。|A midday train with hot meals and freshly ground coffee.
        g8|catering|G8|1|G8 次列车餐车|Dining car of train G8|午间班次，备有热餐和现磨咖啡。|A midday train with hot meals and freshly ground coffee.
        g79|catering|G79|1|G79 次列车餐车|Dining car of train G79|京广高铁餐车，另有粤式煲仔饭和虾饺。|The Beijing–Guangzhou dining car, with Cantonese claypot rice and shrimp dumplings too.
        g80|catering|G80|1|G80 次列车餐车|Dining car of train G80|京广高铁餐车，另有粤式煲仔饭和虾饺。|The Beijing–Guangzhou dining car, with Cantonese claypot rice and shrimp dumplings too.
        beijingnan|station|VNP|1|北京南站 · 京味坊|Beijing South · Capital Flavours|烤鸭和京味小吃，开车前送到停靠北京南站的列车上。|Roast duck and Beijing snacks, brought aboard trains calling at Beijing South before they leave.
        shanghaihongqiao|station|AOH|1|上海虹桥站 · 沪上点心|Shanghai Hongqiao · Shanghai Bites|小笼包、生煎和本帮点心，送到停靠上海虹桥站的列车上。|Soup dumplings, pan-fried buns and local pastries, brought aboard trains calling at Shanghai Hongqiao.
        nanjingnan|station|NKH|1|南京南站 · 金陵鸭馆|Nanjing South · Jinling Duck House|盐水鸭、鸭血粉丝汤和桂花糕，送到停靠南京南站的列车上。|Salted duck, duck blood soup and osmanthus cake, brought aboard trains calling at Nanjing South.
        hangzhou-longjing|specialty|-|1|杭州 · 西湖龙井|Hangzhou · West Lake Longjing|西湖产区龙井绿茶与杭州特产，快递到您的地址。|Longjing green tea from the West Lake hills and other Hangzhou specialities, posted to your address.
        yunnan|specialty|-|1|云南 · 普洱与鲜花饼|Yunnan · Pu'er and Flower Cakes|普洱茶饼、玫瑰鲜花饼和小粒咖啡，快递到您的地址。|Pu'er tea cakes, rose flower cakes and Yunnan coffee, posted to your address.
        beijing-pastry|specialty|-|1|北京 · 稻香村糕点|Beijing · Daoxiangcun Pastries|老北京传统糕点，快递到您的地址。|Traditional old-Beijing pastries, posted to your address.
        xinjiang-dates|specialty|-|1|新疆 · 红枣干果|Xinjiang · Red Dates and Dried Fruit|若羌灰枣、和田骏枣和吐鲁番葡萄干，快递到您的地址。|Ruoqiang and Hotan jujubes and Turpan raisins, posted to your address.
        """
}
