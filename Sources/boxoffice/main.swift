print("boxoffice")
