#include "Language.h"

#include <QActionGroup>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QTranslator>

#include <algorithm>

namespace pb::ui {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("pb::ui::Language", text);
}

const QString kCataloguePrefix = QStringLiteral("phasebench_");

// Each language in its own name, as language pickers show them
// (QLocale::nativeLanguageName() adds the country for some locales).
QString nativeName(const QString& code)
{
    if (code == QLatin1String("en")) {
        return QStringLiteral("English");
    }
    if (code == QLatin1String("es")) {
        return QStringLiteral("Español");
    }
    if (code == QLatin1String("ru")) {
        return QStringLiteral("Русский");
    }
    QString name = QLocale(code).nativeLanguageName();
    if (!name.isEmpty()) {
        name[0] = name[0].toUpper();
    }
    return name.isEmpty() ? code : name;
}

} // namespace

QStringList availableLanguages()
{
    QStringList codes{QStringLiteral("en")};
    const QStringList files =
        QDir(QStringLiteral(":/i18n")).entryList({kCataloguePrefix + QStringLiteral("*.qm")}, QDir::Files);
    for (const QString& file : files) {
        const QString code = file.mid(kCataloguePrefix.size()).chopped(3);
        if (!code.isEmpty() && !codes.contains(code)) {
            codes << code;
        }
    }
    std::sort(codes.begin(), codes.end());
    return codes;
}

QString languageSetting()
{
    return QSettings().value(QLatin1String(kLanguageSettingKey)).toString();
}

void setLanguageSetting(const QString& code)
{
    QSettings settings;
    if (code.isEmpty()) {
        settings.remove(QLatin1String(kLanguageSettingKey));
    } else {
        settings.setValue(QLatin1String(kLanguageSettingKey), code);
    }
}

QLocale localeForLanguage(const QString& code)
{
    return code.isEmpty() ? QLocale::system() : QLocale(code);
}

QString installTranslators(QCoreApplication* app, const QLocale& locale)
{
    // English is the language of the sources: a stale catalogue of another
    // UI language in the list of the system's languages must not win.
    if (locale.language() == QLocale::English || locale.language() == QLocale::C) {
        return QStringLiteral("en");
    }
    auto* qt = new QTranslator(app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
    } else {
        delete qt;
    }
    auto* own = new QTranslator(app);
    if (own->load(locale, QStringLiteral("phasebench"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        QCoreApplication::installTranslator(own);
        return QFileInfo(own->filePath()).completeBaseName().mid(kCataloguePrefix.size());
    }
    delete own;
    return QStringLiteral("en");
}

QMenu* createLanguageMenu(QWidget* parent)
{
    auto* menu = new QMenu(tr("&Language"), parent);
    menu->setObjectName(QStringLiteral("languageMenu"));
    auto* group = new QActionGroup(menu);
    const QString current = languageSetting();
    auto add = [&](const QString& code, const QString& label) {
        QAction* action = menu->addAction(label);
        action->setCheckable(true);
        action->setChecked(code == current);
        action->setData(code);
        group->addAction(action);
    };
    add(QString(), tr("System Default"));
    menu->addSeparator();
    for (const QString& code : availableLanguages()) {
        add(code, nativeName(code));
    }
    QObject::connect(group, &QActionGroup::triggered, menu, [parent](QAction* action) {
        const QString code = action->data().toString();
        if (code == languageSetting()) {
            return;
        }
        setLanguageSetting(code);
        // Not modal: nothing waits on the user's acknowledgement.
        auto* box = new QMessageBox(QMessageBox::Information, tr("Language"),
                                    tr("Phasebench will use the new language the next time it starts."),
                                    QMessageBox::Ok, parent);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->setObjectName(QStringLiteral("languageNotice"));
        box->open();
    });
    return menu;
}

} // namespace pb::ui
