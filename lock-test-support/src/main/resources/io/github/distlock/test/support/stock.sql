create table stock (id int primary key, quantity int not null);
